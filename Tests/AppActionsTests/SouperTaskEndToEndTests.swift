import Foundation
import ShortcutFormat
import Testing

/// The built `shortcuts` and `soupertask` together: discovery after one run of the app, perform
/// with and without values, prompts answered from a file and on a real terminal, a shortcut that
/// chains an app action with built-in ones.
@Suite(.serialized) struct SouperTaskEndToEndTests {
    let binaries: BuiltBinaries
    static let create = "com.example.SouperTask.CreateTaskIntent"
    static let future = "2031-05-05T09:00:00Z"

    /// Runs SouperTask once, as a person would, so it writes its manifest.
    init() throws {
        binaries = try BuiltBinaries()
        let first = try binaries.run("soupertask", ["list"])
        #expect(first.status == 0, "soupertask list: \(first.error)")
    }

    private func shortcuts(_ arguments: [String], input: String = "") throws -> ProcessResult {
        try binaries.run("shortcuts", arguments, input: input)
    }

    /// The tasks as `soupertask list` prints them (`id  due  title` lines), from the database.
    private var tasks: String {
        (try? binaries.run("soupertask", ["list"]).output) ?? ""
    }

    private func createTask(_ title: String) throws {
        let result = try shortcuts(["perform", Self.create, "--set", "title=\(title)", "--set", "dueDate=\(Self.future)"])
        #expect(result.status == 0, "\(result.error)")
    }

    @Test func listsTheAppsActionsWithTheirParameters() throws {
        let result = try shortcuts(["actions", "--app", "com.example.SouperTask"])
        #expect(result.status == 0)
        #expect(
            result.output.contains(
                """
                com.example.SouperTask.CreateTaskIntent  Create Task → TaskEntity
                    title: text, required, takes the input  "Title"
                    dueDate: date, required  "Due Date"
                """))
        let json = try shortcuts(["actions", "--json"])
        let actions = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        let identifiers = actions.compactMap { $0["identifier"] as? String }
        #expect(identifiers.contains("is.workflow.actions.gettext"))
        #expect(identifiers.contains(Self.create))
    }

    /// A task added in the app is donated, as Apple advises; `shortcuts actions --suggested` then
    /// offers Create Task with its values, newest first, as text and as JSON; the app's file of
    /// donations is kept without following a link planted in its place.
    @Test func whatThePersonDidInTheAppIsSuggested() throws {
        #expect(try shortcuts(["actions", "--suggested"]).output == "No app has suggested an action yet.\n")
        for title in ["Milk", "Bread"] {
            let added = try binaries.run("soupertask", ["add", title, "--due", Self.future])
            #expect(added.status == 0, "\(added.error)")
        }
        let listed = try shortcuts(["actions", "--suggested", "--app", "com.example.SouperTask"])
        #expect(listed.status == 0, "\(listed.error)")
        let lines = listed.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 6, "\(listed.output)")
        #expect(lines.first?.hasPrefix("\(Self.create)  Create Task  (com.example.SouperTask, ") == true, "\(listed.output)")
        // Values read as shortcuts shows them (the date in the local time zone).
        #expect(lines[1].hasPrefix("    dueDate: ") && lines[1].contains("2031"), "\(listed.output)")
        #expect(lines[2] == "    title: Bread", "\(listed.output)")
        #expect(lines[5] == "    title: Milk")

        let json = try shortcuts(["actions", "--suggested", "--json"])
        let donations = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(donations.count == 2)
        let parameters = try #require(donations.first?["parameters"] as? [String: [String: Any]])
        #expect(parameters["title"]?["text"] as? String == "Bread")
        #expect(donations.first?["action"] as? String == Self.create)

        // A link planted as the app's donations file is replaced, not followed.
        let folder = binaries.home + "/Donations"
        let victim = binaries.home + "/victim.json"
        try Data("[]".utf8).write(to: URL(fileURLWithPath: victim))
        try FileManager.default.removeItem(atPath: folder + "/com.example.SouperTask.json")
        try FileManager.default.createSymbolicLink(atPath: folder + "/com.example.SouperTask.json", withDestinationPath: victim)
        #expect(try binaries.run("soupertask", ["add", "Eggs", "--due", Self.future]).status == 0)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "[]")
        #expect(try shortcuts(["actions", "--suggested"]).output.contains("    title: Eggs\n"))

        // The app deletes its donations of Create Task (the one made after the planted link).
        let forgot = try binaries.run("soupertask", ["forget"])
        #expect(forgot.output == "forgot 1 suggestion(s)\n", "\(forgot.output)\(forgot.error)")
        #expect(try shortcuts(["actions", "--suggested"]).output == "No app has suggested an action yet.\n")

        // A file this version can't read is left as it is, and the donation refused, naming it.
        let file = folder + "/com.example.SouperTask.json"
        try Data("not donations".utf8).write(to: URL(fileURLWithPath: file))
        let refused = try binaries.run("soupertask", ["add", "Jam", "--due", Self.future])
        #expect(refused.status != 0 && refused.error.contains("\(file) isn't a donations file"), "\(refused.error)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "not donations")
    }

    @Test func performsCreateTaskWithValues() throws {
        let result = try shortcuts(["perform", Self.create, "--set", "title=Milk", "--set", "dueDate=\(Self.future)"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "Milk\n")
        #expect(result.error.contains("Created “Milk”."))
        #expect(tasks.contains("  \(Self.future)  Milk\n"), "\(tasks)")
    }

    /// A date and time written without an offset keeps its time, in the local time zone.
    @Test func aDueDateWithoutAnOffsetKeepsItsTime() throws {
        binaries.extraEnvironment["TZ"] = "Europe/Berlin"
        let result = try shortcuts(["perform", Self.create, "--set", "title=Tea", "--set", "dueDate=2031-01-04 09:00"])
        #expect(result.status == 0, "\(result.error)")
        #expect(tasks.contains("  2031-01-04T08:00:00Z  Tea\n"), "\(tasks)")
    }

    @Test func withoutADueDateAndNoInteractionTheErrorNamesTheActionAndParameter() throws {
        let result = try shortcuts(["perform", Self.create, "--set", "title=Milk", "--no-interaction"])
        #expect(result.status == 1)
        #expect(result.error.contains("com.example.SouperTask.CreateTaskIntent"))
        #expect(result.error.contains("parameter dueDate"))
        #expect(!tasks.contains("Milk"))
    }

    @Test func aPastDueDateIsRefusedWithTheAppsMessage() throws {
        let result = try shortcuts(["perform", Self.create, "--set", "title=Old", "--set", "dueDate=2001-01-01T00:00:00Z"])
        #expect(result.status == 1)
        #expect(result.error.contains("Due date must be in the future."))
    }

    @Test func answersFromAFileSupplyTheDueDate() throws {
        let answers = try binaries.write(Data("\(Self.future)\n".utf8), to: "answers.txt")
        let result = try shortcuts(["perform", Self.create, "--set", "title=Bread", "--answers", answers])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "Bread\n")
        #expect(tasks.contains("  Bread\n"), "\(tasks)")
    }

    @Test func anUnknownParameterIsAUsageErrorListingTheValidOnes() throws {
        let result = try shortcuts(["perform", Self.create, "--set", "due=tomorrow"])
        #expect(result.status == 2)
        #expect(
            result.error.contains("Unknown parameter 'due' for com.example.SouperTask.CreateTaskIntent; its parameters are title, dueDate"))
    }

    @Test func aShortcutCreatesATaskFromTextAndOutputsItsURL() throws {
        let descriptor: ParameterDictionary = [
            "BundleIdentifier": .plain("com.example.SouperTask"), "AppIntentIdentifier": .plain("CreateTaskIntent"),
            "Name": .plain("SouperTask"), "TeamIdentifier": .plain("0000000000"),
        ]
        let url = TokenAttachment(.actionOutput(uuid: "T1", name: "Task"), aggrandizements: [.property(name: "URL", userInfo: nil)])
        var workflow = Workflow(actions: [
            WorkflowAction(
                identifier: Self.create,
                parameters: [
                    "AppIntentDescriptor": .record(descriptor), "dueDate": .plain(.string(Self.future)), "UUID": .plain("T1"),
                ]),
            WorkflowAction(
                identifier: "is.workflow.actions.gettext",
                parameters: [
                    "WFTextActionText": .text(TokenString(segments: [.variable(url)]))
                ]),
        ])
        workflow.inputContentClasses = ["WFStringContentItem"]
        let file = try binaries.write(ShortcutFile.write(workflow, format: .binary), to: "Add Task.shortcut")

        let result = try shortcuts(["run", file], input: "Water the plants\n")
        #expect(result.status == 0, "\(result.error)")
        let identifier = try #require(tasks.split(separator: " ").first)
        #expect(result.output == "soupertask://task/\(identifier)\n")
        #expect(tasks.contains("Water the plants"))
    }

    /// Shortcut text that names an app's action by its identifier knows it from the app's
    /// manifest: no "not in any action catalog" warning, and it runs.
    @Test func shortcutTextNamingAnAppActionKnowsIt() throws {
        let text = "com.example.SouperTask.CreateTaskIntent title: \"Tea\", dueDate: \"\(Self.future)\"\n"
        let file = try binaries.write(Data(text.utf8), to: "Tea.sct")
        let result = try shortcuts(["run", file])
        #expect(result.status == 0, "\(result.error)")
        #expect(!result.error.contains("not in any action catalog"), "\(result.error)")
        #expect(result.output == "Tea\n")
    }

    @Test func aDisambiguationAndAConfirmationAreAnsweredOnTheTerminal() throws {
        try createTask("Buy milk")
        try createTask("Buy bread")
        let result = try binaries.runInTerminal(
            ["perform", "com.example.SouperTask.DeleteTaskIntent", "--set", "task=buy"],
            answering: [("Choose 1–2: ", "Buy milk"), ("Continue? [y/n] ", "y")])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.output.contains("Which task?"))
        #expect(result.output.contains("Delete “Buy milk”?"))
        #expect(result.output.contains("Deleted “Buy milk”."))
        #expect(!tasks.contains("Buy milk"))
        #expect(tasks.contains("Buy bread"))
    }

    @Test func aConfirmationDeclinedOnTheTerminalCancels() throws {
        try createTask("Keep me")
        let result = try binaries.runInTerminal(
            ["perform", "com.example.SouperTask.DeleteTaskIntent", "--set", "task=keep"],
            answering: [("Continue? [y/n] ", "n")])
        #expect(result.status == 1)
        #expect(result.output.contains("Delete Task was not confirmed"))
        #expect(tasks.contains("Keep me"))
    }

    @Test func aForegroundIntentOpensTheAppWithItsResult() throws {
        try createTask("Pay rent")
        let log = binaries.directory.path + "/shown.txt"
        binaries.extraEnvironment = ["SHORTCUTS_NO_APP_LAUNCH": "0", "SOUPERTASK_LOG": log]
        let opened = try shortcuts(["perform", "com.example.SouperTask.OpenTaskIntent", "--set", "task=Pay rent"])
        #expect(opened.status == 0, "\(opened.error)")
        #expect(opened.error.contains("Opening “Pay rent”."))
        // The app starts on its own with the continuation and shows the task it was handed.
        var shown = ""
        for _ in 0..<100 where shown.isEmpty {
            shown = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if shown.isEmpty { Thread.sleep(forTimeInterval: 0.1) }
        }
        #expect(shown == "Showing “Pay rent” (OpenTaskIntent)\n")
    }

    @Test func anExtensionCrashingMidCallIsAClearError() throws {
        let installation = try FakeExtension.Installation()
        let apps = URL(fileURLWithPath: binaries.home).appendingPathComponent("Apps")
        try FileManager.default.copyItem(
            at: installation.home.appendingPathComponent("Apps/com.example.Fake.json"),
            to: apps.appendingPathComponent("com.example.Fake.json"))
        let crashed = try shortcuts(["perform", "com.example.Fake.CrashIntent"])
        #expect(crashed.status == 1)
        #expect(crashed.error.contains("com.example.Fake's extension exited with signal 9 while performing CrashIntent"))
        let next = try shortcuts(["perform", "com.example.Fake.EchoIntent", "--set", "text=still here"])
        #expect(next.output == "still here\n")
    }
}
