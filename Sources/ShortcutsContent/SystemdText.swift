/// Text written into systemd unit files, as systemd reads it back literally: automations' units
/// and alarms' both go through it.
public enum SystemdText {
    /// A value systemd reads literally: `%` doubled (it starts specifiers), newlines folded.
    public static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%%").replacingOccurrences(of: "\n", with: " ")
    }

    /// One command-line word or assignment, double-quoted as systemd reads them.
    public static func quoted(_ word: String) -> String {
        let inner = escaped(word).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "$", with: "$$")
        return "\"\(inner)\""
    }
}
