/// A problem found in a shortcut text: where it is, how bad, and what was expected.
///
/// ```text
/// Greeting.sct:3:1: error: unknown action 'ChangeCas'; did you mean 'ChangeCase'?
/// ```
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How serious a diagnostic is: errors stop compiling, warnings don't.
    public enum Severity: String, Hashable, Sendable {
        case error, warning
    }

    public var severity: Severity
    public var message: String
    public var position: SourcePosition
    /// The file's path, when known.
    public var path: String?

    public init(_ severity: Severity, _ message: String, at position: SourcePosition, path: String? = nil) {
        self.severity = severity
        self.message = message
        self.position = position
        self.path = path
    }

    public var isError: Bool { severity == .error }

    /// `path:line:column: severity: message`, as compilers print them.
    public var description: String {
        "\(path ?? "<text>"):\(position.line):\(position.column): \(severity.rawValue): \(message)"
    }
}

/// Why a shortcut text could not be compiled: its error diagnostics (and any warnings).
public struct LanguageError: Error, CustomStringConvertible, Sendable {
    public var diagnostics: [Diagnostic]

    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Collects diagnostics while parsing and compiling.
struct DiagnosticLog {
    var diagnostics: [Diagnostic] = []
    var path: String?

    var hasErrors: Bool { diagnostics.contains(where: \.isError) }

    mutating func error(_ message: String, at position: SourcePosition) {
        diagnostics.append(Diagnostic(.error, message, at: position, path: path))
    }

    mutating func warning(_ message: String, at position: SourcePosition) {
        diagnostics.append(Diagnostic(.warning, message, at: position, path: path))
    }
}

/// Closest-name suggestions for diagnostics.
enum Suggestion {
    /// `; did you mean 'x'?` for the candidate closest to `name`, or an empty string when none is close.
    static func didYouMean(_ name: String, among candidates: some Sequence<String>) -> String {
        guard let best = closest(to: name, among: candidates) else { return "" }
        return "; did you mean '\(best)'?"
    }

    /// The candidate with the smallest edit distance (ignoring case), if it is close enough.
    static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let target = Array(name.lowercased().unicodeScalars)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars))
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best, best.distance <= max(2, target.count / 3) else { return nil }
        return best.name
    }

    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
