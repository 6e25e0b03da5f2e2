import ActionTestSupport
import Foundation
import PropertyList
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import Testing

@testable import ActionSupport
@testable import BuiltinActions

/// The file actions in a temporary directory that is the run's working directory.
@Suite struct FileActionsTests {
    typealias T = SystemTest
    let directory: TemporaryDirectory
    let environment: RunEnvironment

    init() throws {
        directory = try TemporaryDirectory()
        environment = T.environment(workingDirectory: directory.path, variables: ["XDG_DATA_HOME": directory.path + "/data"])
    }

    func run(_ identifier: String, _ parameters: [String: ParameterValue], input: Content = .nothing) throws -> Content {
        try T.run(identifier, parameters, input: input, environment: environment)
    }

    func save(_ text: String, to path: String, overwrite: Bool? = nil) throws -> Content {
        var parameters: [String: ParameterValue] = [
            "WFInput": T.text(text), "WFFileDestinationPath": T.text(path), "WFAskWhereToSave": T.bool(false),
        ]
        parameters["WFSaveFileOverwrite"] = overwrite.map(T.bool)
        return try run("documentpicker.save", parameters)
    }

    @Test func saveWritesAndNeverOverwritesWithoutTheFlag() throws {
        let saved = try save("first", to: "notes/a.txt")
        #expect(directory.read("notes/a.txt") == "first")
        guard case .file(let file) = saved else { Issue.record("expected a file, got \(saved)"); return }
        #expect(file.path == directory.path + "/notes/a.txt")
        #expect(file.name == "a.txt")

        let error = T.failure { try save("second", to: "notes/a.txt") }
        #expect(error?.parameter == "WFSaveFileOverwrite")
        #expect(error?.message.contains(directory.path + "/notes/a.txt") == true)
        #expect(directory.read("notes/a.txt") == "first")

        _ = try save("second", to: "notes/a.txt", overwrite: true)
        #expect(directory.read("notes/a.txt") == "second")
    }

    /// Under the privacy rules, what the person picks at a prompt and a file renamed from one
    /// the shortcut may change are the run's to use; nothing else near them is.
    @Test func pickedAndRenamedFilesAreTheRunsToUse() throws {
        let picked = try directory.write("picked", to: "inbox/picked.txt")
        _ = try directory.write("other", to: "inbox/other.txt")
        var environment = T.environment(prompter: ScriptedPrompter(answers: [picked]), workingDirectory: directory.path)
        environment.fileAccess = FileAccess(shortcut: .init(name: "Tidy", identifier: nil), grants: [], home: directory.path)
        let got = try T.run("documentpicker.open", [:], environment: environment)
        #expect(got.file().path == picked)
        let renamed = try T.run("file.rename", ["WFNewFilename": T.text("done")], input: got, environment: environment)
        #expect(renamed.file().path == directory.path + "/inbox/done.txt")
        let other = T.failure {
            try T.run(
                "file.rename", ["WFNewFilename": T.text("mine")], input: .text(directory.path + "/inbox/other.txt"),
                environment: environment)
        }
        #expect(other?.code == .notPermitted && other?.parameter == "WFFile")
        #expect(directory.exists("inbox/other.txt"))
    }

    @Test func saveIntoAFolderUsesTheItemsName() throws {
        _ = try save("hello", to: "out/")
        #expect(directory.read("out/Text.txt") == "hello")
    }

    @Test func saveAsksWhereWhenNoPathIsGiven() throws {
        let prompter = ScriptedPrompter(answers: ["asked.txt"])
        let environment = T.environment(prompter: prompter, workingDirectory: directory.path)
        _ = try T.run("documentpicker.save", ["WFInput": T.text("x")], environment: environment)
        #expect(directory.read("asked.txt") == "x")
        #expect(prompter.asked.count == 1)
    }

    @Test func appendAndPrepend() throws {
        func append(_ text: String, _ extra: [String: ParameterValue] = [:]) throws {
            var parameters: [String: ParameterValue] = ["WFFilePath": T.text("logs/log.txt"), "WFInput": T.text(text)]
            parameters.merge(extra) { $1 }
            _ = try run("file.append", parameters)
        }
        try append("one")
        #expect(directory.read("logs/log.txt") == "one")
        try append("two")
        #expect(directory.read("logs/log.txt") == "one\ntwo")
        try append("zero", ["WFAppendFileWriteMode": T.text("Prepend")])
        #expect(directory.read("logs/log.txt") == "zero\none\ntwo")
        try append("!", ["WFAppendOnNewLine": T.bool(false)])
        #expect(directory.read("logs/log.txt") == "zero\none\ntwo!")
    }

    @Test func createFolderAndListContents() throws {
        let folder = try run("file.createfolder", ["WFFilePath": T.text("a/b/c")])
        #expect(FileManager.default.fileExists(atPath: directory.path + "/a/b/c"))
        #expect(folder.property("File Path") == .text(directory.path + "/a/b/c"))

        try directory.write("x", to: "list/x.txt")
        try directory.write("yy", to: "list/y.md")
        try directory.write("z", to: "list/sub/z.txt")
        try directory.write("h", to: "list/.hidden")
        let names = { (content: Content) in content.items.map { $0.file().name } }
        #expect(names(try run("file.getfoldercontents", ["WFFolder": T.text("list")])) == ["sub", "x.txt", "y.md"])
        #expect(
            names(try run("file.getfoldercontents", ["WFFolder": T.text("list"), "Recursive": T.bool(true)])) == ["z.txt", "x.txt", "y.md"])
        let error = T.failure { try run("file.getfoldercontents", ["WFFolder": T.text("missing")]) }
        #expect(error?.parameter == "WFFolder")
    }

    @Test func renameKeepsTheExtensionAndRefusesToReplace() throws {
        try directory.write("content", to: "old.txt")
        try directory.write("other", to: "taken.txt")
        let renamed = try run("file.rename", ["WFFile": T.text("old.txt"), "WFNewFilename": T.text("new")])
        #expect(directory.read("new.txt") == "content")
        #expect(!directory.exists("old.txt"))
        #expect(renamed.file().name == "new.txt")
        let error = T.failure { try run("file.rename", ["WFFile": T.text("new.txt"), "WFNewFilename": T.text("taken.txt")]) }
        #expect(error?.parameter == "WFNewFilename")
        #expect(directory.read("taken.txt") == "other")
    }

    @Test func deleteMovesToTheTrashUnlessImmediate() throws {
        try directory.write("bye", to: "gone.txt")
        _ = try run("file.delete", ["WFInput": T.text("gone.txt")])
        #expect(!directory.exists("gone.txt"))
        #expect(directory.read("data/Trash/files/gone.txt") == "bye")
        let info = directory.read("data/Trash/info/gone.txt.trashinfo") ?? ""
        #expect(info.contains("[Trash Info]"))
        #expect(info.contains("Path=\(directory.path)/gone.txt"))
        #expect(info.contains("DeletionDate=2026-05-28T20:26:40"))

        // A second file of the same name gets its own trash name.
        try directory.write("again", to: "gone.txt")
        _ = try run("file.delete", ["WFInput": T.text("gone.txt")])
        #expect(directory.read("data/Trash/files/gone 2.txt") == "again")

        try directory.write("now", to: "now.txt")
        _ = try run("file.delete", ["WFInput": T.text("now.txt"), "WFDeleteImmediatelyDelete": T.bool(true)])
        #expect(!directory.exists("now.txt"))
        #expect(!directory.exists("data/Trash/files/now.txt"))
    }

    @Test func getFile() throws {
        try directory.write("inside", to: "docs/read.txt")
        #expect(
            try run("documentpicker.open", ["WFGetFilePath": T.text("docs/read.txt"), "WFShowFilePicker": T.bool(false)]).text == "inside")
        let missing = T.failure { try run("documentpicker.open", ["WFGetFilePath": T.text("docs/none.txt")]) }
        #expect(missing?.parameter == "WFGetFilePath")
        #expect(
            try run("documentpicker.open", ["WFGetFilePath": T.text("docs/none.txt"), "WFFileErrorIfNotFound": T.bool(false)]) == .nothing)
        let prompter = ScriptedPrompter(answers: ["docs/read.txt"])
        let asked = try T.run("documentpicker.open", [:], environment: T.environment(prompter: prompter, workingDirectory: directory.path))
        #expect(asked.text == "inside")
        let noTerminal = T.failure { try run("documentpicker.open", [:]) }
        #expect(noTerminal?.code == .needsInteraction)
    }

    @Test func detailsOfFiles() throws {
        let path = try directory.write("12345", to: "size.json")
        let file = Content.file(try LocalFiles.item(at: path, parameter: nil))
        func detail(_ name: String) throws -> Content {
            try run("properties.files", ["WFContentItemPropertyName": T.text(name)], input: file)
        }
        #expect(try detail("File Size") == .number(5))
        #expect(try detail("File Extension") == .text("json"))
        #expect(try detail("Name") == .text("size"))
        #expect(try detail("File Path") == .text(path))
        #expect(try detail("Parent Directory").property("File Path") == .text(directory.path))
        if case .date(let modified) = try detail("Last Modified Date") {
            #expect(abs(modified.timeIntervalSinceNow) < 600)
        } else {
            Issue.record("Last Modified Date is not a date")
        }
    }

    @Test func typeNameAndSetName() throws {
        #expect(try run("getitemtype", ["WFInput": T.number(3)]) == .text("Number"))
        let path = try directory.write("x", to: "report.txt")
        let file = Content.file(try LocalFiles.item(at: path, parameter: nil))
        #expect(try run("getitemtype", [:], input: file) == .text("File"))
        #expect(try run("getitemname", [:], input: file) == .text("report"))
        let renamed = try run("setitemname", ["WFName": T.text("summary")], input: file)
        #expect(renamed.file().name == "summary.txt")
        #expect(renamed.file().path == nil)
        #expect(directory.exists("report.txt"))
        let exact = try run("setitemname", ["WFName": T.text("summary.md"), "WFDontIncludeFileExtension": T.bool(true)], input: file)
        #expect(exact.file().name == "summary.md")
    }

    func filter(_ templates: [ParameterDictionary], requiresAll: Bool = true, extra: [String: ParameterValue] = [:]) throws -> [String] {
        try directory.write("a", to: "f/alpha.txt")
        try directory.write("bbbbbbbbbb", to: "f/beta.txt")
        try directory.write("c", to: "f/gamma.md")
        var parameters: [String: ParameterValue] = [
            "WFContentItemInputParameter": T.output(of: "L"),
            "WFContentItemFilter": .predicateTable(PredicateTable(prefix: requiresAll ? 1 : 0, templates: templates)),
        ]
        parameters.merge(extra) { $1 }
        let output = try T.run(
            [T.action("file.getfoldercontents", ["WFFolder": T.text("f")], uuid: "L"), T.action("filter.files", parameters)],
            environment: environment)
        return output.items.map { $0.file().name }
    }

    func rule(_ property: String, _ comparison: Int64, _ values: ParameterDictionary) -> ParameterDictionary {
        ["Property": T.text(property), "Operator": .plain(.integer(comparison)), "Values": .record(values), "Removable": T.bool(true)]
    }

    @Test func filterByExtensionNameAndSize() throws {
        #expect(
            try filter([rule("File Extension", 4, ["String": T.text("txt"), "Unit": .plain(.integer(4))])]) == ["alpha.txt", "beta.txt"])
        #expect(try filter([rule("Name", 99, ["String": T.text("MM")])]) == ["gamma.md"])
        #expect(try filter([rule("File Size", 2, ["Number": T.text("5"), "Unit": .plain(.integer(1))])]) == ["beta.txt"])
        let anyOf = [rule("Name", 8, ["String": T.text("al")]), rule("File Extension", 4, ["String": T.text("md")])]
        #expect(try filter(anyOf, requiresAll: false) == ["alpha.txt", "gamma.md"])
        #expect(try filter(anyOf, requiresAll: true) == [])
    }

    @Test func filterSortsAndLimits() throws {
        let sorted = try filter([], extra: ["WFContentItemSortProperty": T.text("Name"), "WFContentItemSortOrder": T.text("Z to A")])
        #expect(sorted == ["gamma.md", "beta.txt", "alpha.txt"])
        let bySize = try filter(
            [],
            extra: [
                "WFContentItemSortProperty": T.text("File Size"), "WFContentItemSortOrder": T.text("Biggest First"),
                "WFContentItemLimitEnabled": T.bool(true), "WFContentItemLimitNumber": T.number(1),
            ])
        #expect(bySize == ["beta.txt"])
    }

    @Test func filterValuesMayHoldVariables() throws {
        try directory.write("a", to: "f/alpha.txt")
        try directory.write("bbbbbbbbbb", to: "f/beta.txt")
        let wanted = ParameterValue.text(TokenString(segments: [.variable(ShortcutFormat.TokenAttachment(.variable(name: "wanted")))]))
        let table = PredicateTable(prefix: 1, templates: [rule("Name", 8, ["String": wanted])])
        let output = try T.run(
            [
                T.action("gettext", ["WFTextActionText": T.text("be")]),
                T.action("setvariable", ["WFVariableName": T.text("wanted")]),
                T.action("file.getfoldercontents", ["WFFolder": T.text("f")], uuid: "L"),
                T.action(
                    "filter.files", ["WFContentItemInputParameter": T.output(of: "L"), "WFContentItemFilter": .predicateTable(table)]),
            ], environment: environment)
        #expect(output.items.map { $0.file().name } == ["beta.txt"])
    }

    @Test func filterByAnUnknownPropertyFailsWhenCompiled() {
        let error = T.failure { .list(try filter([rule("Color", 4, ["String": T.text("red")])]).map(Content.text)) }
        #expect(error?.parameter == "WFContentItemFilter")
        #expect(error?.message.contains("Color") == true)
    }
}
