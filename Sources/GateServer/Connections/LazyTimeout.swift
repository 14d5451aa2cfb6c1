import NIOCore

/// A connection timeout kept by one lazy timer: the handler notes times as traffic passes and
/// never reschedules; when the timer fires it asks the handler when the connection is really
/// due, sleeps on until then, or has the handler expire the connection.
///
/// Setting and cancelling a scheduled task for every request head and every part of every
/// answer cost 42,000 instructions a request (BENCHMARKS.md, "Forward auth").
protocol LazyTimeout: AnyObject {
    /// The timer, while one is set.
    var timer: Scheduled<Void>? { get set }
    /// When the connection times out as things stand; `nil` when nothing is waiting.
    func due(_ context: ChannelHandlerContext) -> NIODeadline?
    /// Ends the connection: its time is up.
    func expire(_ context: ChannelHandlerContext)
}

extension LazyTimeout {
    /// Sets the timer for `deadline` unless one is set already (it will look again when it fires).
    func armIfIdle(_ context: ChannelHandlerContext, at deadline: NIODeadline) {
        guard timer == nil else { return }
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) {
            let (handler, context) = loopBound.value
            handler.timer = nil
            guard let due = handler.due(context) else { return }
            if due <= context.eventLoop.now {
                handler.expire(context)
            } else {
                handler.armIfIdle(context, at: due)
            }
        }
    }

    /// Cancels the timer (the connection closed, or the handler left the pipeline).
    func cancelTimer() {
        timer?.cancel()
        timer = nil
    }
}
