/// ntfy's message priorities, 1 (min) to 5 (max).
public enum NotificationPriority {
    /// The names ntfy gives the priorities, lowest first.
    static let names = ["min", "low", "default", "high", "max"]

    /// The priority `text` names: `1`…`5`, or min, low, default, high, max (or urgent).
    public static func parse(_ text: String) throws(GateInputError) -> Int {
        if let number = Int(text), (1...5).contains(number) { return number }
        if text == "urgent" { return 5 }
        if let index = names.firstIndex(of: text) { return index + 1 }
        throw .invalidNotification("'\(text.escapedForMessage)' is not an ntfy priority (expected 1 to 5, or min, low, default, high, max)")
    }
}
