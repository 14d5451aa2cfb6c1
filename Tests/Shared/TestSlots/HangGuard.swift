// Built only where Swift Testing is (see BoundedConcurrency.swift).
#if canImport(Testing)
import Testing

extension Trait where Self == TimeLimitTrait {
    /// A bound for a test that could hang (it waits on a stream or a task), far above any run.
    ///
    /// Swift Testing counts a time limit from the test's start, and every test starts at once:
    /// the time a test waits for its slot (``BoundedConcurrency``) and for the two cores counts
    /// too. In a full run a test of a few seconds ends 50 to 146 seconds after its start
    /// (measured), and CI failed three of them on a limit of two minutes. Fifteen minutes is
    /// well above a full run (about six) and far below CI's ninety.
    public static var hangGuard: Self { .timeLimit(.minutes(15)) }
}
#endif
