import Foundation
import Testing

/// Runs the built `shortcuts` binary as a person would, in a temporary library.
@Suite struct EndToEndTests {
    let shell: CommandRunner
    let hello = ExampleShortcuts.examplesDirectory.appendingPathComponent("Hello.shortcut").path
    let wordLengths = ExampleShortcuts.examplesDirectory.appendingPathComponent("WordLengths.shortcut").path

    init() throws { shell = try CommandRunner() }

    // MARK: Examples

    @Test func helloGreetsTheWorldWithoutInput() throws {
        let result = try shell.run(["run", hello])
        #expect(result.status == 0)
        #expect(result.output == "Hello, World!\n")
        #expect(result.error == "")
    }

    /// An alert that asks nothing, in a run that can't show it (no terminal, or --no-interaction,
    /// with no desktop), is said on standard error and the run goes on; one that asks (it has a
    /// Cancel button) fails naming the action.
    @Test func anAlertWithNowhereToShowIsSaidOnStandardError() throws {
        shell.extraEnvironment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent"
        let told = try shell.write(
            Data(
                #"ShowAlert WFAlertActionTitle: "Warning", WFAlertActionMessage: "Disk almost full", WFAlertActionCancelButtonShown: false\#nText "after"\#n"#
                    .utf8),
            to: "Told.sct")
        for arguments in [["run", told, "--no-interaction"], ["run", told]] {
            let result = try shell.run(arguments)
            #expect(result.status == 0 && result.output == "after\n", "\(arguments): \(result.error)")
            #expect(result.error == "Alert: Warning: Disk almost full\n", "\(arguments): \(result.error)")
        }
        let asks = try shell.write(
            Data(#"ShowAlert WFAlertActionTitle: "Delete?", WFAlertActionMessage: "All of it"\#nText "after"\#n"#.utf8), to: "Asks.sct")
        let refused = try shell.run(["run", asks, "--no-interaction"])
        #expect(refused.status == 1 && refused.error.contains("action 1 (is.workflow.actions.alert, \"Show Alert\")"), "\(refused.error)")
    }

    @Test func helloGreetsPipedText() throws {
        let result = try shell.run(["run", hello], input: Data("Ada\n".utf8))
        #expect(result.output == "Hello, Ada!\n")
        #expect(result.status == 0)
    }

    @Test func wordLengthsListsOneDictionaryPerLine() throws {
        let result = try shell.run(["run", wordLengths])
        #expect(result.error == "")
        #expect(
            result.output == """
                {"word":"Shortcuts","letters":9}
                {"word":"run","letters":3}
                {"word":"on","letters":2}
                {"word":"Linux","letters":5}

                """)
        let piped = try shell.run(["run", wordLengths], input: Data("to be".utf8))
        #expect(piped.output == "{\"word\":\"to\",\"letters\":2}\n{\"word\":\"be\",\"letters\":2}\n")
    }

    // MARK: Input and output

    @Test func inputFilesAndStandardInputWithDash() throws {
        let name = try shell.write(Data("Grace".utf8), to: "name.txt")
        #expect(try shell.run(["run", hello, "-i", name]).output == "Hello, Grace!\n")
        #expect(try shell.run(["run", hello, "--input-path", "-"], input: Data("Linus".utf8)).output == "Hello, Linus!\n")
        let missing = try shell.run(["run", hello, "-i", "nope.txt"])
        #expect(missing.status == 1)
        #expect(missing.error.contains("nope.txt"))
    }

    @Test func outputPathGetsExactlyTheOutputAndIsReplaced() throws {
        let target = shell.directory.appendingPathComponent("greeting.txt")
        try Data("old contents".utf8).write(to: target)
        let result = try shell.run(["run", hello, "-o", target.path])
        #expect(result.status == 0)
        #expect(result.output == "")
        #expect(try String(contentsOf: target, encoding: .utf8) == "Hello, World!")
    }

    @Test func outputTypeCoercesToJSON() throws {
        #expect(try shell.run(["run", hello, "--output-type", "public.json"]).output == "\"Hello, World!\"\n")
        let list = try shell.run(["run", wordLengths, "--output-type", "public.json"], input: Data("a".utf8))
        #expect(list.output == "[{\"word\":\"a\",\"letters\":1}]\n")
        let png = try shell.run(["run", hello, "--output-type", "public.png"])
        #expect(png.status == 1)
        #expect(png.error.contains("public.png"))
    }

    // MARK: The library

    @Test func importThenRunByNameAndByIdentifier() throws {
        let imported = try shell.run(["import", hello, "--folder", "Greetings"])
        #expect(imported.status == 0)
        let listed = try shell.run(["list", "--show-identifiers"])
        let line = listed.output.trimmingCharacters(in: .newlines)
        let identifier = try #require(line.split(separator: "(").last?.dropLast()).description
        #expect(line == "Hello (\(identifier))")
        #expect(UUID(uuidString: identifier) != nil)
        #expect(imported.output.contains(identifier))
        #expect(try shell.run(["run", "hello"], input: Data("Ada".utf8)).output == "Hello, Ada!\n")
        #expect(try shell.run(["run", identifier], input: Data("Bob".utf8)).output == "Hello, Bob!\n")
        #expect(try shell.run(["list", "--show-identifiers"]).output == listed.output)
    }

    @Test func listFoldersAndOneFolder() throws {
        _ = try shell.run(["import", hello, "--folder", "Greetings"])
        _ = try shell.run(["import", wordLengths])
        #expect(try shell.run(["list"]).output == "Hello\nWordLengths\n")
        #expect(try shell.run(["list", "--folders"]).output == "Greetings\n")
        #expect(try shell.run(["list", "-f", "greetings"]).output == "Hello\n")
        let missing = try shell.run(["list", "--folder-name", "Nope"])
        #expect(missing.status == 1)
        #expect(missing.error == "Error: Couldn't find folder \"Nope\"\n")
    }

    @Test func importTakesManyFilesAndFoldersInOneCall() throws {
        let folder = shell.directory.appendingPathComponent("to import")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("nested"), withIntermediateDirectories: true)
        for (name, source) in [
            ("One.shortcut", hello), ("Two.shortcut", wordLengths), ("nested/Three.shortcut", hello), (".Hidden.shortcut", hello),
        ] {
            try FileManager.default.copyItem(atPath: source, toPath: folder.appendingPathComponent(name).path)
        }
        try Data("notes".utf8).write(to: folder.appendingPathComponent("README.txt"))
        let imported = try shell.run(["import", folder.path, hello, "--folder", "Batch"])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.output.split(separator: "\n").count == 3)
        #expect(try shell.run(["list", "-f", "Batch"]).output == "Hello\nOne\nTwo\n")

        // A broken file is named and skipped; the rest still land and the status says so.
        try Data("not a shortcut".utf8).write(to: folder.appendingPathComponent("Broken.shortcut"))
        let partly = try shell.run(["import", folder.path, "--replace"])
        #expect(partly.status == 1)
        #expect(partly.error.contains("Error: \(folder.path)/Broken.shortcut: "))
        #expect(partly.error.hasSuffix("1 of 3 files were not imported\n"))
        #expect(partly.output.split(separator: "\n").count == 2)

        let named = try shell.run(["import", hello, wordLengths, "--name", "Both"])
        #expect(named.status == 2)
        #expect(named.error.contains("--name"))
        let empty = shell.directory.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let nothing = try shell.run(["import", empty.path])
        #expect(nothing.status == 1)
        #expect(nothing.error.contains("holds no shortcut files"))
    }

    @Test func importWithoutReplaceKeepsTheOriginalByteForByte() throws {
        _ = try shell.run(["import", hello, "--name", "Greeter"])
        let stored = shell.home + "/Shortcuts/Greeter.shortcut"
        let original = try Data(contentsOf: URL(fileURLWithPath: stored))
        let refused = try shell.run(["import", wordLengths, "--name", "greeter"])
        #expect(refused.status == 1)
        #expect(refused.error.contains("already exists") && refused.error.contains("--replace"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: stored)) == original)
        let before = try shell.run(["list", "--show-identifiers"]).output
        #expect(try shell.run(["import", wordLengths, "--name", "Greeter", "--replace"]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: stored)) == Data(contentsOf: URL(fileURLWithPath: wordLengths)))
        #expect(try shell.run(["list", "--show-identifiers"]).output == before)
    }

    @Test func viewListsEveryActionIndented() throws {
        let result = try shell.run(["view", hello])
        #expect(result.status == 0)
        #expect(
            result.output == """
                Hello: 5 actions, accepts input

                1  If (is.workflow.actions.conditional)
                     Input (WFInput): {Shortcut Input}
                     Condition (WFCondition): has any value
                2    Text (is.workflow.actions.gettext)
                       Text (WFTextActionText): "Hello, {Shortcut Input}!"
                3  Otherwise (is.workflow.actions.conditional)
                4    Text (is.workflow.actions.gettext)
                       Text (WFTextActionText): "Hello, World!"
                5  End If (is.workflow.actions.conditional)

                """)
    }

    // MARK: Errors and exit codes

    @Test(arguments: [
        (["frob"], "Error: Unknown subcommand 'frob'"),
        (["run"], "Error: Missing expected argument '<shortcut-name-or-identifier>'"),
        (["list", "--bogus"], "Error: Unknown option '--bogus'"),
        (["run", "x", "-o"], "Error: Missing value for '--output-path <output-path>'"),
    ])
    func usageErrorsExitWithTwo(arguments: [String], message: String) throws {
        let result = try shell.run(arguments)
        #expect(result.status == 2)
        #expect(result.output == "")
        #expect(result.error.hasPrefix(message + "\n"))
        #expect(result.error.contains("Usage: shortcuts"))
    }

    @Test func missingShortcutExitsWithOne() throws {
        let result = try shell.run(["run", "Nope"])
        #expect(result.status == 1)
        #expect(result.error == "Error: Couldn't find shortcut \"Nope\"\n")
    }

    @Test func brokenAndSignedFilesSayWhatIsWrong() throws {
        let broken = try shell.write(Data([0x00, 0xFF, 0x10]) + Data("not a plist".utf8), to: "broken.shortcut")
        let brokenResult = try shell.run(["run", broken])
        #expect(brokenResult.status == 1)
        #expect(brokenResult.error.hasPrefix("Error: ") && brokenResult.error.contains("not a shortcut"))

        // Text is read as shortcut text, whatever the file is called.
        let text = try shell.write(Data("not a plist".utf8), to: "text.shortcut")
        let textResult = try shell.run(["run", text])
        #expect(textResult.status == 1)
        #expect(textResult.error.contains("\(text):1:1: error: unknown action 'not'"))

        let signed = try shell.write(Data("AEA1".utf8) + Data((0..<64).map { UInt8($0) }), to: "signed.shortcut")
        let signedResult = try shell.run(["run", signed])
        #expect(signedResult.status == 1)
        #expect(signedResult.error.contains("\(signed): signed shortcut can't be read"))
        #expect(signedResult.error.contains("encrypted"))
    }

    @Test func signIsNotAvailable() throws {
        let result = try shell.run(["sign", "-i", hello, "-o", "out.shortcut"])
        #expect(result.status == 1)
        #expect(result.error.contains("not available on Linux"))
    }

    @Test func helpIsArgumentParserStyle() throws {
        let top = try shell.run(["--help"])
        #expect(top.status == 0 && top.output.contains("USAGE: shortcuts <subcommand>") && top.output.contains("SUBCOMMANDS:"))
        let run = try shell.run(["help", "run"])
        #expect(run.output.hasPrefix("OVERVIEW: Run a shortcut."))
        #expect(run.output.contains("USAGE: shortcuts run <shortcut-name-or-identifier> [--input-path <input-path> ...]"))
        #expect(try shell.run(["list", "--help"]).output.contains("--show-identifiers"))
    }

    // MARK: Interaction

    @Test func noInteractionNamesTheActionThatAsked() throws {
        let file = try shell.write(TestShortcuts.data(TestShortcuts.askName), to: "ask.shortcut")
        let result = try shell.run(["run", file, "--no-interaction"])
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("Error: "))
        #expect(result.error.contains("action 1 (is.workflow.actions.ask"))
        #expect(result.error.contains("What is your name?"))
    }

    @Test func answersFileAnswersQuestionsAndMenus() throws {
        let ask = try shell.write(TestShortcuts.data(TestShortcuts.askName), to: "ask.shortcut")
        let menu = try shell.write(TestShortcuts.data(TestShortcuts.drinkMenu), to: "menu.shortcut")
        let name = try shell.write(Data("Ada\n".utf8), to: "name.answers")
        let tea = try shell.write(Data("Tea\n".utf8), to: "tea.answers")
        let first = try shell.write(Data("1\n".utf8), to: "first.answers")
        #expect(try shell.run(["run", ask, "--answers", name]).output == "Hi, Ada\n")
        #expect(try shell.run(["run", menu, "--answers", tea]).output == "You chose tea\n")
        #expect(try shell.run(["run", menu, "--answers", first]).output == "You chose coffee\n")
        shell.extraEnvironment["SHORTCUTS_ANSWERS"] = tea
        #expect(try shell.run(["run", menu]).output == "You chose tea\n")
        let wrong = try shell.write(Data("Juice\n".utf8), to: "wrong.answers")
        let refused = try shell.run(["run", menu, "--answers", wrong])
        #expect(refused.status == 1)
        #expect(refused.error.contains("Juice"))
    }

    // MARK: Scripts

    @Test func scriptsAreRefusedUntilAllowed() throws {
        let file = try shell.write(TestShortcuts.data(TestShortcuts.script), to: "script.shortcut")
        let refused = try shell.run(["run", file])
        #expect(refused.status == 1)
        #expect(refused.error.contains("--allow-running-scripts"))
        #expect(refused.output == "")

        let settings = try shell.run(["settings", "--allow-running-scripts"])
        #expect(settings.output.contains("Allow Running Scripts: on"))
        #expect(try shell.run(["run", file]).output == "scripted\n")

        _ = try shell.run(["settings", "--disallow-running-scripts"])
        #expect(try shell.run(["settings"]).output.contains("Allow Running Scripts: off"))
        #expect(try shell.run(["run", file]).status == 1)
        shell.extraEnvironment["SHORTCUTS_ALLOW_RUNNING_SCRIPTS"] = "1"
        #expect(try shell.run(["run", file]).output == "scripted\n")
    }
}
