import Testing

@testable import ShortcutsCLI

@Suite struct ArgumentParserTests {
    static let inputPath = RepeatableOption("input-path", short: "i", value: "input-path", help: "")
    static let outputPath = Option("output-path", short: "o", value: "output-path", help: "")
    static let noInteraction = Flag("no-interaction", help: "")
    let spec = CommandSpec(
        name: "run", abstract: "Run.", arguments: [ArgumentSpec("shortcut", help: "")],
        options: [inputPath, outputPath, noInteraction])

    @Test func readsPositionalsOptionsAndFlags() throws {
        let parsed = try ArgumentParser.parse(
            ["Hello", "-i", "a.txt", "--input-path", "b.txt", "--no-interaction", "-o", "out"], for: spec)
        #expect(parsed.positionals == ["Hello"])
        #expect(parsed[Self.inputPath] == ["a.txt", "b.txt"])
        #expect(parsed[Self.outputPath] == "out")
        #expect(parsed[Self.noInteraction])
        #expect(!parsed.isHelpRequested)
    }

    @Test func acceptsAttachedValues() throws {
        let parsed = try ArgumentParser.parse(["--output-path=x.txt", "-iy.txt", "Hello"], for: spec)
        #expect(parsed[Self.outputPath] == "x.txt")
        #expect(parsed[Self.inputPath] == ["y.txt"])
        #expect(parsed.positionals == ["Hello"])
    }

    @Test func dashIsAValueAndDoubleDashEndsOptions() throws {
        let parsed = try ArgumentParser.parse(["-i", "-", "--", "--strange-name"], for: spec)
        #expect(parsed[Self.inputPath] == ["-"])
        #expect(parsed.positionals == ["--strange-name"])
    }

    @Test func helpWinsOverMissingArguments() throws {
        #expect(try ArgumentParser.parse(["--help"], for: spec).isHelpRequested)
        #expect(try ArgumentParser.parse(["-h"], for: spec).isHelpRequested)
        #expect(try !ArgumentParser.parse(["--", "-h"], for: spec).isHelpRequested)
    }

    @Test(arguments: [
        (["Hello", "--frob"], "Unknown option '--frob'"),
        (["Hello", "-x"], "Unknown option '-x'"),
        (["Hello", "-o"], "Missing value for '--output-path <output-path>'"),
        (["Hello", "-o", "--no-interaction"], "Missing value for '--output-path <output-path>'"),
        ([], "Missing expected argument '<shortcut>'"),
        (["Hello", "World"], "Unexpected argument 'World'"),
        (["Hello", "--no-interaction=yes"], "The flag '--no-interaction' doesn't take a value"),
        (["Hello", "-o", "a", "-o", "b"], "'--output-path' was given more than once; give it once"),
    ])
    func reportsUsageErrors(arguments: [String], message: String) {
        #expect(throws: UsageError(message, command: "run")) {
            try ArgumentParser.parse(arguments, for: spec)
        }
    }

    @Test func helpListsEveryOptionInArgumentParserStyle() {
        let help = CommandHelp.help(spec, tool: "shortcuts")
        #expect(
            help.hasPrefix(
                "OVERVIEW: Run.\n\nUSAGE: shortcuts run <shortcut> [--input-path <input-path> ...] [--output-path <output-path>] [--no-interaction]\n"
            ))
        #expect(help.contains("  -i, --input-path <input-path>\n"))
        #expect(help.contains("  --no-interaction"))
        #expect(help.contains("  -h, --help              Show help information.\n"))
    }

    @Test func wrapsLongHelpText() {
        let wrapped = CommandHelp.wrap(String(repeating: "word ", count: 40), width: 30, indent: 4)
        for line in wrapped.split(separator: "\n") { #expect(line.count <= 30) }
        #expect(wrapped.split(separator: "\n").count > 1)
    }
}
