extension TargetMotion {
    /// How far outside a target's edge a press still holds it, in points.
    public static let reach = 8.0

    /// Whether `report` held one target with each of two presses, together for `overlapMs`,
    /// and pressed nothing else, or why not; `elapsed` is the time the server saw pass.
    public func judge(_ report: TargetReport, elapsed: Duration) -> Result<Void, StepRefusal> {
        let presses = report.presses
        guard presses.allSatisfy({ !$0.isEmpty }) else { return .failure(.offTarget) }
        if presses.contains(where: { $0[0].t < Double(firstTouchMs) }) { return .failure(.tooSoon) }
        if presses.contains(where: { ($0.last?.t ?? 0) > Double(elapsed.wholeMilliseconds) }) { return .failure(.tooLong) }
        let within = Double(targetSize) / 2 + Self.reach
        var held: [Int] = []
        for press in presses {
            guard let target = [0, 1].first(where: { center(ofTarget: $0, at: press[0].t, in: report.field).distance(to: press[0]) <= within })
            else { return .failure(.offTarget) }
            let followed = press.allSatisfy { center(ofTarget: target, at: $0.t, in: report.field).distance(to: $0) <= within }
            let jumped = !DragPoint.isHandMade(press, step: Double(targetSize))
            if !followed || jumped { return .failure(.slipped) }
            held.append(target)
        }
        guard held.count == 2, Set(held).count == 2 else { return .failure(.sameTarget) }
        guard let firstEnd = presses[0].last, let secondEnd = presses[1].last else { return .failure(.sameTarget) }
        let together = min(firstEnd.t, secondEnd.t) - max(presses[0][0].t, presses[1][0].t)
        return together >= Double(overlapMs) ? .success(()) : .failure(.notTogether)
    }
}
