/// Writes indented Swift source a line at a time.
struct CodeWriter {
    private(set) var text = ""
    private var depth = 0

    mutating func line(_ content: String = "") {
        text += content.isEmpty ? "\n" : String(repeating: "    ", count: depth) + content + "\n"
    }

    /// Writes `header {`, the body one level in, then `}`.
    mutating func block(_ header: String, _ body: (inout CodeWriter) -> Void) {
        line(header + " {")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }

    /// Writes the lines of a doc comment.
    mutating func doc(_ summary: String) {
        for part in summary.split(separator: "\n", omittingEmptySubsequences: false) { line("/// " + part) }
    }
}
