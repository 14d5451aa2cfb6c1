import Foundation

/// Where MKParentalGate's two targets are: each slides along a bar of its own, mirroring the
/// other, one period every `periodMs`.
///
/// In a field of `W` × `H` points, with `r = targetSize / 2` and `A = W / 2 − r − 8`, the first
/// target's centre is at `x₁ = W / 2 + A · sin(2π · (t / periodMs + phase / 10000))`,
/// `y = H / 3`; the second's at `x₂ = W − x₁`, `y = 2H / 3` (`t`: milliseconds since shown).
public struct TargetMotion: Hashable, Sendable, Codable {
    /// A target's diameter, in points.
    public var targetSize: Int
    public var periodMs: Int
    /// Where in its period the motion starts, in ten-thousandths.
    public var phase: Int
    /// How long both targets must be held at once, in milliseconds.
    public var overlapMs: Int
    /// No press may start sooner than this after the targets were shown, in milliseconds.
    public var firstTouchMs: Int

    public init(targetSize: Int, periodMs: Int, phase: Int, overlapMs: Int, firstTouchMs: Int) {
        self.targetSize = targetSize
        self.periodMs = periodMs
        self.phase = phase
        self.overlapMs = overlapMs
        self.firstTouchMs = firstTouchMs
    }

    /// MKParentalGate's: 60-point targets, a 10-second period, held together 300 ms, at a
    /// random phase; the first touch as the policy's `dragFirstTouch`.
    public static func random(policy: Policy, using random: RandomSource) -> TargetMotion {
        TargetMotion(
            targetSize: 60, periodMs: 10_000, phase: random.int(in: 0...9999), overlapMs: 300,
            firstTouchMs: Int(policy.dragFirstTouch.wholeMilliseconds))
    }

    /// The centre of target `index` (0: the upper bar's, 1: the lower's) at `milliseconds`.
    public func center(ofTarget index: Int, at milliseconds: Double, in field: DragField) -> DragPoint {
        let radius = Double(targetSize) / 2
        let amplitude = max(0, field.width / 2 - radius - 8)
        let turn = milliseconds / Double(periodMs) + Double(phase) / 10_000
        let first = field.width / 2 + amplitude * sin(2 * Double.pi * turn)
        return index == 0
            ? DragPoint(t: milliseconds, x: first, y: field.height / 3)
            : DragPoint(t: milliseconds, x: field.width - first, y: field.height * 2 / 3)
    }
}
