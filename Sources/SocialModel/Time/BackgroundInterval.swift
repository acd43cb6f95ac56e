extension Duration {
    /// The shortest wait a background loop (``MailOutboxSender``, ``SuspensionSweep``) takes
    /// between passes: a zero or negative interval would otherwise query the store without pause.
    static let shortestBackgroundInterval = Duration.milliseconds(100)

    /// This interval, or ``shortestBackgroundInterval`` when it is shorter.
    var asBackgroundInterval: Duration { Swift.max(self, .shortestBackgroundInterval) }
}
