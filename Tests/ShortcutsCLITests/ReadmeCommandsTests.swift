import Foundation
import ShortcutsTestSupport
import Testing

/// Every command the README shows, run as a new user would: in order, in one clean home, with the
/// built programs on `PATH`, from a folder holding the package's `Examples`.
///
/// A block's `$ command` lines run with bash; the lines after each are what it must print
/// (standard output and error together), each matched in order against a line of the output
/// — a line may print more around them. The README's `/home/ada` is the test's home, an
/// identifier stands for whichever the run printed there (and means that one in later commands),
/// and `…` stands for anything. A command whose lines hold an `Error:` must fail; any other must
/// succeed. `swift run NAME` runs the built NAME. A block after a
/// `<!-- readme-test: skip (why) -->` line is not run, and says why.
struct ReadmeCommandsTests {
    struct Command {
        var line: Int
        var text: String
        var expected: [String]
    }

    /// The commands of each `text` or `console` block, in order.
    static func commands(in readme: String) -> [[Command]] {
        var blocks: [[Command]] = []
        var block: [Command]?
        for (index, line) in readme.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("```") {
                if let finished = block {
                    if !finished.isEmpty { blocks.append(finished) }
                    block = nil
                } else if line == "```text" || line == "```console" {
                    block = []
                } else {
                    block = nil
                }
            } else if block != nil {
                if line.hasPrefix("$ ") {
                    block!.append(Command(line: index + 1, text: String(line.dropFirst(2)), expected: []))
                } else if !block!.isEmpty {
                    block![block!.count - 1].expected.append(line)
                }
            }
        }
        return blocks
    }

    /// What differs from run to run in what the README shows: identifiers (a UUID, a run's
    /// first eight hex digits), times and durations.
    static var varying: Regex<Substring> {
        #/[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}|\b(?=[0-9]*[A-F])[0-9A-F]{8}\b|\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}|\d+\.\d{3} s/#
    }

    /// The identifiers in a line, in order: UUIDs and eight hex digits standing alone, digits only
    /// too (a run's id is all digits about once in 40 runs, which `varying` leaves out so that it
    /// doesn't take numbers for identifiers in expected lines).
    static func identifiers(in line: Substring) -> [String] {
        let identifier = #/[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}|\b[0-9A-F]{8}\b/#
        return line.matches(of: identifier).map { String(line[$0.range]) }
    }

    @Test func everyCommandTheReadmeShowsWorksAsShown() throws {
        let readme = try String(contentsOf: BuiltProducts.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let (kept, skipped) = Self.withoutSkippedBlocks(readme)
        let blocks = Self.commands(in: kept)
        #expect(blocks.flatMap { $0 }.count >= 25, "the README's commands were found")
        print("ReadmeCommandsTests: \(blocks.flatMap { $0 }.count) commands in \(blocks.count) blocks; \(skipped) blocks skipped as marked")

        let home = try TemporaryHome(prefix: "shortcuts-readme")
        let user = home.directory.appendingPathComponent("ada").path
        let work = home.directory.appendingPathComponent("clone").path
        try FileManager.default.createDirectory(atPath: user, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: work + "/Examples", withDestinationPath: BuiltProducts.packageRoot.path + "/Examples")
        let programs = (try BuiltProducts.path(of: "shortcuts") as NSString).deletingLastPathComponent
        var environment = home.environment
        environment["HOME"] = user
        environment["PATH"] = programs + ":/usr/bin:/bin"
        environment["TZ"] = "UTC"
        for name in ["DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS"] { environment[name] = nil }

        var identifiers: [String: String] = [:]
        for command in blocks.flatMap({ $0 }) {
            var text = command.text.replacing(#/^swift run (\S+)/#) { "\($0.1)" }
            for (shown, actual) in identifiers { text = text.replacingOccurrences(of: shown, with: actual) }
            let result = try ProcessRun.run(
                "/bin/bash", ["-c", text + " 2>&1"], environment: environment, directory: URL(fileURLWithPath: work))
            let output = result.output.replacingOccurrences(of: home.home, with: "/home/ada/.local/share/shortcuts")
                .replacingOccurrences(of: user, with: "/home/ada")
            let fails = command.expected.contains { $0.hasPrefix("Error:") || $0.contains(": error: ") }
            #expect(
                fails ? result.status != 0 : result.status == 0,
                "README line \(command.line): `\(text)` exited \(result.status):\n\(output)")
            var lines = output.components(separatedBy: "\n")[...]
            for expected in command.expected where !expected.isEmpty && expected != "…" {
                let pattern = Self.pattern(for: expected)
                guard let at = lines.firstIndex(where: { (try? pattern.wholeMatch(in: $0)) != nil }) else {
                    Issue.record("README line \(command.line): `\(command.text)` didn't print\n\(expected)\nbut:\n\(output)")
                    break
                }
                // The identifiers shown stand for the ones printed, from here on (a run's by its
                // first four digits too, as `runs show 7904` gives it).
                for (readme, actual) in zip(Self.identifiers(in: Substring(expected)), Self.identifiers(in: Substring(lines[at])))
                where identifiers[readme] == nil {
                    identifiers[readme] = actual
                    if readme.count == 8 { identifiers[String(readme.prefix(4))] = String(actual.prefix(4)) }
                }
                lines = lines[(at + 1)...]
            }
        }
    }

    /// A line of expected output as a pattern: literal, but what varies matches any value of its
    /// kind, and `…` anything.
    static func pattern(for line: String) -> Regex<AnyRegexOutput> {
        var pattern = ""
        var rest = Substring(line)
        while let match = rest.firstMatch(of: varying) {
            let token = rest[match.range]
            let general =
                token.count == 36
                ? "[0-9A-F-]{36}"
                : token.count == 8
                    ? "[0-9A-F]{8}"
                    : token.hasSuffix(" s") ? "\\d+\\.\\d{3} s" : "\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}"
            pattern += literal(rest[..<match.range.lowerBound]) + general
            rest = rest[match.range.upperBound...]
        }
        pattern += literal(rest)
        // Trailing spaces are not part of what is shown.
        return try! Regex("\(pattern)[ ]*")
    }

    private static func literal(_ text: Substring) -> String {
        text.components(separatedBy: "…").map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: ".*")
    }

    /// The README without the blocks marked to skip (the marker and the block after it), and how
    /// many there were. Line numbers stay those of the README: skipped lines become empty.
    static func withoutSkippedBlocks(_ readme: String) -> (String, Int) {
        var kept: [String] = []
        var skipped = 0
        var state = 0  // 0: reading, 1: marker seen, 2: inside the skipped block
        for line in readme.components(separatedBy: "\n") {
            let before = state
            switch state {
            case 0 where line.hasPrefix("<!-- readme-test: skip"):
                state = 1
                skipped += 1
            case 1 where line.hasPrefix("```"): state = 2
            case 2 where line.hasPrefix("```"): state = 0
            default: break
            }
            kept.append(before == 0 && state == 0 ? line : "")
        }
        return (kept.joined(separator: "\n"), skipped)
    }
}
