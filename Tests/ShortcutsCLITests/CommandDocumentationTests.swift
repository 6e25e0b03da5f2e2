import Foundation
import ShortcutsTestSupport
import Testing

@testable import ShortcutsCLI

/// Help, manual pages and shell completions, all written from the subcommands' declarations,
/// checked through the built `shortcuts` and the real programs that read them: groff and man,
/// bash, zsh and fish.
struct CommandDocumentationTests {
    /// Every subcommand of a subcommand has help both ways, and an unknown one is a usage error.
    @Test func nestedHelpWorksForEverySubcommandOfASubcommand() throws {
        let shell = try CommandRunner()
        let nested = ShortcutsCommand.specs.flatMap { spec in spec.subcommands.map { (spec.name, $0) } }
        #expect(nested.count >= 15, "runs, automation, service and desktop declare their subcommands")
        for (command, subcommand) in nested {
            for arguments in [["help", command, subcommand.name], [command, subcommand.name, "--help"]] {
                let help = try shell.run(arguments)
                #expect(help.status == 0, "\(arguments): \(help.error)")
                #expect(help.output.hasPrefix("OVERVIEW: \(subcommand.abstract)\n"), "\(arguments): \(help.output)")
                #expect(help.output.contains("USAGE: shortcuts \(command) \(subcommand.name)"), "\(arguments): \(help.output)")
            }
        }
        let parent = try shell.run(["help", "automation"])
        #expect(parent.output.contains("SUBCOMMANDS:\n  add "), "\(parent.output)")
        let unknown = try shell.run(["help", "runs", "bogus"])
        #expect(unknown.status == 2)
        #expect(unknown.error.hasPrefix("Error: Unknown subcommand 'runs bogus'; runs has: show\n"), "\(unknown.error)")
        let none = try shell.run(["help", "list", "x"])
        #expect(none.status == 2)
        #expect(none.error.hasPrefix("Error: 'list' has no subcommands\n"), "\(none.error)")
    }

    /// One page per subcommand and the overview, each read by groff with every warning on and
    /// none given, and shown by man with its name and options.
    @Test func manualPagesAreWellFormedRoffForEverySubcommand() throws {
        let shell = try CommandRunner()
        let folder = shell.directory.appendingPathComponent("man1").path
        let written = try shell.run(["manual", "--output", folder])
        #expect(written.status == 0, "\(written.error)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(pages.count == ShortcutsCommand.specs.count + 1)
        for spec in ShortcutsCommand.specs { #expect(pages.contains("shortcuts-\(spec.name).1")) }
        for page in pages {
            let checked = try ProcessRun.run("/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-z", folder + "/" + page])
            #expect(checked.status == 0 && checked.error.isEmpty, "\(page): \(checked.error)")
        }
        var environment = shell.environment
        environment["MANWIDTH"] = "200"
        let shown = try ProcessRun.run("/usr/bin/man", ["-l", folder + "/shortcuts-run.1"], environment: environment)
        #expect(shown.output.contains("shortcuts-run - Run a shortcut."), "\(shown.output)")
        #expect(shown.output.contains("--output-type output-type"), "\(shown.output)")
        let again = try shell.run(["manual", "--output", folder])
        #expect(again.status == 1, "pages already there are replaced only with --replace")
        #expect(try shell.run(["manual", "--output", folder, "--replace"]).status == 0)
    }

    /// The completions a person gets from bash after a Tab, with the library's names.
    @Test func bashCompletesSubcommandsOptionsNamesAndFiles() throws {
        let shell = try CommandRunner()
        for name in ["Backup Notes", "Backup Photos"] {
            #expect(try shell.run(["import", BuiltProducts.packageRoot.path + "/Examples/Hello.shortcut", "--name", name]).status == 0)
        }
        try shell.write(Data(), to: "notes.txt")
        let script = try shell.run(["completions", "bash"])
        #expect(script.status == 0)
        let file = try shell.write(script.outputData, to: "shortcuts.bash")
        let shortcuts = try BuiltProducts.path(of: "shortcuts")
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let driver = """
                PATH="\((shortcuts as NSString).deletingLastPathComponent):$PATH"
                source \(file)
                COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
                _shortcuts
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let result = try ProcessRun.run("/bin/bash", ["-c", driver], environment: shell.environment, directory: shell.directory)
            #expect(result.error.isEmpty, "\(words): \(result.error)")
            return result.output.split(separator: "\n").map(String.init)
        }
        #expect(try complete(["shortcuts", "ru"]) == ["run", "runs"])
        #expect(try complete(["shortcuts", "run", "Back"]) == ["Backup Notes", "Backup Photos"])
        #expect(try complete(["shortcuts", "run", "--output-type", "json", "no"]) == ["notes.txt"])
        #expect(try complete(["shortcuts", "run", "-i", "no"]) == ["notes.txt"])
        #expect(try complete(["shortcuts", "run", "--no-inter"]) == ["--no-interaction"])
        #expect(try complete(["shortcuts", "automation", "e"]) == ["enable"])
        #expect(try complete(["shortcuts", "completions", ""]) == ["bash", "zsh", "fish"])
    }

    /// fish's own completer, asked as a Tab would ask it.
    @Test func fishCompletesSubcommandsAndOptions() throws {
        let shell = try CommandRunner()
        let script = try shell.run(["completions", "fish"])
        let file = try shell.write(script.outputData, to: "shortcuts.fish")
        var environment = shell.environment
        environment["PATH"] = (try BuiltProducts.path(of: "shortcuts") as NSString).deletingLastPathComponent + ":/usr/bin:/bin"
        func complete(_ line: String) throws -> [String] {
            let result = try ProcessRun.run(
                "/usr/bin/fish", ["--no-config", "-c", "source \(file); complete -C'\(line)'"], environment: environment)
            #expect(result.status == 0 && result.error.isEmpty, "\(line): \(result.error)")
            return result.output.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        }
        #expect(try complete("shortcuts ru") == ["run", "runs"])
        #expect(try complete("shortcuts runs s") == ["show"])
        #expect(try complete("shortcuts run --no-inter") == ["--no-interaction"])
        #expect(try complete("shortcuts service st").sorted() == ["start", "status", "stop"])
    }

    /// zsh reads the script (its completion functions run only inside zsh's completer).
    @Test func zshReadsItsCompletionScript() throws {
        let shell = try CommandRunner()
        let script = try shell.run(["completions", "zsh"])
        #expect(script.output.hasPrefix("#compdef shortcuts\n"))
        let file = try shell.write(script.outputData, to: "_shortcuts")
        let parsed = try ProcessRun.run("/usr/bin/zsh", ["-n", file])
        #expect(parsed.status == 0 && parsed.error.isEmpty, "\(parsed.error)")
        for spec in ShortcutsCommand.specs { #expect(script.output.contains("\n        \(spec.name))\n"), "\(spec.name)") }
        let unknown = try shell.run(["completions", "tcsh"])
        #expect(unknown.status == 2)
    }

    @Test func anUnknownOutputTypeIsRefusedWithTheKnownOnes() throws {
        let shell = try CommandRunner()
        let refused = try shell.run(["run", BuiltProducts.packageRoot.path + "/Examples/Hello.shortcut", "--output-type", "bogus"])
        #expect(refused.status == 2)
        #expect(refused.output.isEmpty)
        #expect(refused.error.hasPrefix("Error: Unknown --output-type 'bogus'; give one of: public.plain-text,"), "\(refused.error)")
        #expect(refused.error.contains("public.json") && refused.error.contains("(or an extension: txt,"), "\(refused.error)")
        let json = try shell.run(["run", BuiltProducts.packageRoot.path + "/Examples/Hello.shortcut", "--output-type", "json"])
        #expect(json.output == "\"Hello, World!\"\n", "\(json.error)")
    }

    /// The README's `shortcuts --help` is what the program prints.
    @Test func theReadmeShowsTheProgramsOwnHelp() throws {
        let readme = try String(contentsOf: BuiltProducts.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = "$ shortcuts --help\n"
        let start = try #require(readme.range(of: marker), "the README shows `shortcuts --help`")
        let end = try #require(readme[start.upperBound...].range(of: "```"))
        let help = try CommandRunner().run(["--help"])
        #expect(String(readme[start.upperBound..<end.lowerBound]) == help.output)
    }
}
