extension DragMotion {
    /// How far outside a ball's edge a press still takes it, in points: a finger's slop and a
    /// frame's motion.
    public static let reach = 8.0

    /// The ball `report` dragged into the box, or why the drag is refused; `elapsed` is the
    /// time the server saw pass since the challenge was issued.
    ///
    /// In order: the press no sooner than `firstTouchMs`; the release no later than `elapsed`;
    /// the press within ``reach`` of a ball's edge at its moment (the nearest centre wins);
    /// no two points further apart than `ballSize`, nor a path longer than a hand moves in its
    /// time (``DragPoint/isHandMade(_:step:)``); and the ball's centre, held at the offset
    /// it was pressed at, inside the box at the release.
    public func judge(_ report: DragReport, elapsed: Duration) -> Result<Int, DragRefusal> {
        guard let press = report.points.first, let release = report.points.last else { return .failure(.offBall) }
        if press.t < Double(firstTouchMs) { return .failure(.tooSoon) }
        if release.t > Double(elapsed.wholeMilliseconds) { return .failure(.tooLong) }
        let within = Double(ballSize) / 2 + Self.reach
        let nearest = balls.indices
            .map { (index: $0, center: center(ofBall: $0, at: press.t, in: report.field)) }
            .min { $0.center.distance(to: press) < $1.center.distance(to: press) }
        guard let nearest, nearest.center.distance(to: press) <= within else { return .failure(.offBall) }
        if !DragPoint.isHandMade(report.points, step: Double(ballSize)) { return .failure(.teleport) }
        let held = DragPoint(
            t: release.t, x: release.x + nearest.center.x - press.x, y: release.y + nearest.center.y - press.y)
        return boxContains(held, in: report.field) ? .success(nearest.index) : .failure(.missedBox)
    }
}
