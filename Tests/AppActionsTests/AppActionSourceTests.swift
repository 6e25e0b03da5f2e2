import AppActions
import BuiltinActions
import Foundation
import ShortcutFormat
import ShortcutsCLI
import ShortcutsContent
import ShortcutsEngine
import Testing

/// App actions inside the engine: manifests found lazily, the lifecycle's prompts, outcomes,
/// entities flowing to later actions, matching by `AppIntentDescriptor`.
@Suite struct AppActionSourceTests {
    let installation: FakeExtension.Installation
    let warnings = Recorder()
    let source: AppActionSource

    init() throws {
        installation = try FakeExtension.Installation()
        let collected = warnings
        source = AppActionSource(
            store: AppManifestStore(directories: [installation.home.appendingPathComponent("Apps").path]),
            warn: { collected.append($0) })
    }

    private func id(_ intent: String) -> String { "\(FakeExtension.bundleIdentifier).\(intent)" }

    private func run(
        _ actions: [WorkflowAction], input: Content = .nothing, answers: [String]? = nil, shown: Recorder? = nil
    ) throws(RunError) -> Content {
        let engine = Engine(sources: [Builtins.catalog, source])
        let environment = RunEnvironment(
            prompter: answers.map { ScriptedPrompter(answers: $0) } ?? NoInteraction(),
            show: { shown?.append($0) })
        return try engine.run(engine.compile(Workflow(actions: actions)), input: input, environment: environment)
    }

    private func action(_ intent: String, _ parameters: ParameterDictionary = [:]) -> WorkflowAction {
        WorkflowAction(identifier: id(intent), parameters: parameters)
    }

    // MARK: Manifests

    @Test func readsManifestsOnlyWhenAnAppActionIsAskedFor() throws {
        try installation.write(Data("{ not json".utf8), named: "broken.json")
        #expect(source.definition(for: "is.workflow.actions.gettext") == nil)
        #expect(warnings.lines.isEmpty, "built-in identifiers never read manifests")
        #expect(source.definition(for: id("EchoIntent"))?.metadata.title == "Echo")
        let path = installation.home.appendingPathComponent("Apps/broken.json").path
        #expect(warnings.lines == ["skipped the app manifest \(path): it is not a JSON object"])
        #expect(source.warnings.count == 1, "warnings are reported once and kept")
    }

    @Test func skipsANewerManifestNamingTheFileAndTheVersionItReads() throws {
        var newer = FakeExtension.manifest(bundleIdentifier: "com.example.Future", script: "/dev/null")
        newer.formatVersion = 7
        try installation.write(newer, named: "com.example.Future.json")
        #expect(source.manifest(bundleIdentifier: "com.example.Future") == nil)
        let path = installation.home.appendingPathComponent("Apps/com.example.Future.json").path
        #expect(
            source.warnings == [
                "skipped the app manifest \(path): it is in manifest format version 7, and this shortcuts reads versions up to 1; update shortcuts"
            ])
    }

    @Test func theUsersManifestWinsOverASystemWideOne() throws {
        let system = installation.home.appendingPathComponent("system/shortcuts/apps")
        try FileManager.default.createDirectory(at: system, withIntermediateDirectories: true)
        var copy = installation.manifest
        copy.name = "System Copy"
        try JSONEncoder().encode(copy).write(to: system.appendingPathComponent("fake.json"))
        var other = copy
        other.bundleIdentifier = "com.example.Other"
        other.actions = []
        try JSONEncoder().encode(other).write(to: system.appendingPathComponent("other.json"))

        let store = AppManifestStore(
            home: installation.home.path, environment: ["XDG_DATA_DIRS": installation.home.path + "/system:relative/ignored"])
        #expect(store.directories == [installation.home.path + "/Apps", installation.home.path + "/system/shortcuts/apps"])
        let names = store.load().manifests.map(\.name)
        #expect(names == ["Fake", "System Copy"])
        #expect(
            AppManifestStore(home: "/h", environment: [:]).directories
                == ["/h/Apps", "/usr/local/share/shortcuts/apps", "/usr/share/shortcuts/apps"])
    }

    // MARK: The lifecycle

    @Test func takesThePreviousOutputAsTheInputParameterAndShowsTheDialog() throws {
        let shown = Recorder()
        let output = try run([action("EchoIntent")], input: .text("from input"), shown: shown)
        #expect(output == .text("from input"))
        #expect(shown.lines == ["Echoed."])
    }

    @Test func asksForAMissingValueAndConfirmsThenPerforms() throws {
        let output = try run([action("ScheduleIntent")], answers: ["2030-01-02T03:04:05Z", "yes"])
        #expect(output == .date(try #require(ISO8601.date(from: "2030-01-02T03:04:05Z"))))
    }

    @Test func withoutInteractionTheErrorNamesTheActionAndTheParameter() throws {
        let error = #expect(throws: RunError.self) { try run([action("ScheduleIntent")]) }
        #expect(error?.code == .needsInteraction)
        #expect(error?.actionIdentifier == id("ScheduleIntent"))
        #expect(error?.parameter == "when")
        #expect(
            error?.description.contains(
                "action 1 (com.example.Fake.ScheduleIntent, \"Schedule\"), parameter when: needs an answer to \"When?\"") == true)
    }

    @Test func aDeclinedConfirmationCancels() throws {
        let error = #expect(throws: RunError.self) { try run([action("ScheduleIntent")], answers: ["tomorrow", "no"]) }
        #expect(error?.code == .cancelled)
        #expect(error?.message == "Schedule was not confirmed")
    }

    @Test func anUnreadableAnswerNamesTheParameter() throws {
        let error = #expect(throws: RunError.self) { try run([action("ScheduleIntent")], answers: ["someday maybe"]) }
        #expect(error?.parameter == "when")
        #expect(error?.message.hasPrefix("expected a date") == true)
    }

    @Test func disambiguationTakesTheChosenOptionsValue() throws {
        #expect(try run([action("PickIntent")], answers: ["Green"]) == .text("green"))
    }

    /// An intent's `requestChoice` while it performs: the person picks by title (a destructive
    /// option marked), the intent is called again with the option's place in its list; its cancel
    /// option ends the run as cancelled; a run that can't ask names the action.
    @Test func aChoiceTheIntentAsksForIsAnsweredByItsPlace() throws {
        #expect(try run([action("TidyIntent")], answers: ["Archive"]) == .text("archived"))
        #expect(try run([action("TidyIntent")], answers: ["Delete (destructive)"]) == .text("deleted"))
        let cancelled = #expect(throws: RunError.self) { try run([action("TidyIntent")], answers: ["Cancel"]) }
        #expect(cancelled?.code == .cancelled)
        #expect(cancelled?.message == "Tidy was cancelled: the person cancelled")
        let unasked = #expect(throws: RunError.self) { try run([action("TidyIntent")]) }
        #expect(unasked?.code == .needsInteraction)
        #expect(unasked?.actionIdentifier == id("TidyIntent"))
        #expect(unasked?.description.contains("Archive or delete the note?") == true, "\(String(describing: unasked))")
    }

    @Test func theAppsFailureAndRefusalReachThePerson() throws {
        let failure = #expect(throws: RunError.self) { try run([action("FailIntent")]) }
        #expect(failure?.message == "Due date must be in the future.")
        #expect(failure?.code == .actionFailed)
        let refusal = #expect(throws: RunError.self) { try run([action("RefuseIntent", ["size": .plain("11")])]) }
        #expect(refusal?.parameter == "size")
        #expect(refusal?.message == "sizes above 10 aren't sold")
    }

    @Test func aCrashFailsTheRunNamingTheActionAndTheNextRunWorks() throws {
        let error = #expect(throws: RunError.self) { try run([action("EchoIntent", ["text": .plain("a")]), action("CrashIntent")]) }
        #expect(error?.actionIndex == 2)
        #expect(
            error?.description
                == "action 2 (com.example.Fake.CrashIntent, \"Crash\"): com.example.Fake's extension exited with signal 9 while performing CrashIntent"
        )
        #expect(try run([action("EchoIntent", ["text": .plain("again")])]) == .text("again"))
    }

    // MARK: Entities and descriptors

    @Test func entitiesAreFoundByIdentifierOrTextAndTheirPropertiesFlowOn() throws {
        let body = TokenAttachment(.actionOutput(uuid: "N", name: "Note"), aggrandizements: [.property(name: "BODY", userInfo: nil)])
        let link = TokenAttachment(.actionOutput(uuid: "N", name: "Note"), aggrandizements: [.property(name: "link", userInfo: nil)])
        let text = WorkflowAction(
            identifier: "is.workflow.actions.gettext",
            parameters: [
                "WFTextActionText": .text(TokenString(segments: [.variable(body), .literal(" at "), .variable(link)]))
            ])
        var open = action("OpenNoteIntent", ["note": .plain("bread")])
        open.uuid = "N"
        #expect(try run([open, text]) == .text("rye at https://example.com/n2"))

        let byIdentifier = try run([action("OpenNoteIntent", ["note": .plain("n1")])])
        guard case .entity(let entity) = byIdentifier else { Issue.record("not an entity: \(byIdentifier)"); return }
        #expect(entity.displayTitle == "Buy milk")
        // "Buy" matches both notes: the person chooses.
        #expect(try run([action("OpenNoteIntent", ["note": .plain("buy")])], answers: ["Buy bread"]).property("id") == .text("n2"))
        let none = #expect(throws: RunError.self) { try run([action("OpenNoteIntent", ["note": .plain("cheese")])]) }
        #expect(none?.message == "Fake has no Note matching \"cheese\"")
        #expect(none?.parameter == "note")
    }

    @Test func aMissingEntityIsChosenAmongTheAppsOptions() throws {
        #expect(try run([action("OpenNoteIntent")], answers: ["2"]).property("title") == .text("Buy bread"))
    }

    @Test func anUnknownIdentifierRunsTheIntentItsDescriptorNames() throws {
        let descriptor: ParameterDictionary = [
            "BundleIdentifier": .plain(.string(FakeExtension.bundleIdentifier)), "AppIntentIdentifier": .plain("EchoIntent"),
            "Name": .plain("Fake"), "TeamIdentifier": .plain("0000000000"),
        ]
        let renamed = WorkflowAction(
            identifier: "com.elsewhere.Renamed.EchoIntent",
            parameters: [
                "AppIntentDescriptor": .record(descriptor), "text": .plain("by descriptor"),
            ])
        #expect(try run([renamed]) == .text("by descriptor"))
        let missing = WorkflowAction(identifier: "com.elsewhere.Missing.Thing", parameters: [:])
        let error = #expect(throws: RunError.self) { try run([missing]) }
        #expect(error?.code == .unsupportedAction)
        #expect(error?.message == "this app action isn't available: no installed app provides com.elsewhere.Missing.Thing")
    }
}

/// Collects lines from any thread.
final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []

    func append(_ line: String) { lock.withLock { collected.append(line) } }
    var lines: [String] { lock.withLock { collected } }
}
