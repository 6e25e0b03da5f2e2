import Foundation
import PropertyList
import ShortcutFormat
import Testing

/// The SiriKit example (`Examples/IntentsDemo`, built from its `.intentdefinition` by the plugin)
/// with the built `shortcuts`: the talk's CreateTask handler and the tutorial's Topping handler,
/// from `shortcuts perform` and inside a shortcut.
@Suite(.serialized) struct IntentsDemoEndToEndTests {
    let binaries: BuiltBinaries
    static let create = "com.example.IntentsDemo.CreateTaskIntent"
    static let order = "com.example.IntentsDemo.OrderPizzaIntent"

    /// Runs the app once, as a person would, so it writes its manifest.
    init() throws {
        binaries = try BuiltBinaries()
        let first = try binaries.run("intentsdemo", [])
        #expect(first.status == 0, "intentsdemo: \(first.error)")
    }

    @Test func theDefinitionsIntentsAreListedWithTheirLocalisedTitles() throws {
        let result = try binaries.run("shortcuts", ["actions", "--app", "com.example.IntentsDemo"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("com.example.IntentsDemo.CreateTaskIntent  Create a Task → Task"))
        #expect(result.output.contains("topping: entity (Topping)"))
    }

    /// An interaction the app donates (`INInteraction.donate`) is suggested with its values;
    /// deleting its group (`INInteraction.delete(with:)`) takes it back.
    @Test func aDonatedInteractionIsSuggestedUntilItsGroupIsDeleted() throws {
        #expect(try binaries.run("intentsdemo", ["add", "Call Ada"]).status == 0)
        let listed = try binaries.run("shortcuts", ["actions", "--suggested", "--app", "com.example.IntentsDemo"])
        #expect(listed.output.hasPrefix("\(Self.create)  Create a Task  (com.example.IntentsDemo, "), "\(listed.output)")
        #expect(listed.output.contains("\n    title: Call Ada\n"), "\(listed.output)")
        #expect(try binaries.run("intentsdemo", ["forget"]).status == 0)
        let after = try binaries.run("shortcuts", ["actions", "--suggested", "--app", "com.example.IntentsDemo"])
        #expect(after.output == "No app has suggested an action yet.\n", "\(after.output)")
    }

    /// The app's relevant shortcut (`INRelevantShortcutStore`) and an activity eligible for
    /// prediction (`NSUserActivity.becomeCurrent`) are suggested with when and what they are;
    /// setting the relevant shortcuts again replaces them; the same activity again replaces itself.
    @Test func relevantShortcutsAndSeenActivitiesAreSuggested() throws {
        for arguments in [["plan"], ["plan"], ["view", "Milk"], ["view", "Milk"]] {
            let result = try binaries.run("intentsdemo", arguments)
            #expect(result.status == 0, "\(arguments): \(result.error)")
        }
        let listed = try binaries.run("shortcuts", ["actions", "--suggested", "--app", "com.example.IntentsDemo"]).output
        let lines = listed.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("com.example.") }.count == 2, "\(listed)")
        #expect(
            lines.contains { $0.hasPrefix("com.example.IntentsDemo.viewTask  View Milk  (seen, com.example.IntentsDemo, ") }, "\(listed)")
        #expect(
            lines.contains { $0.hasPrefix("\(Self.create)  Create a Task  (relevant in the morning, com.example.IntentsDemo, ") },
            "\(listed)")
        #expect(lines.contains("    task: Milk") && lines.contains("    title: Plan the day"), "\(listed)")
        #expect(try binaries.run("intentsdemo", ["forget"]).status == 0)
        let after = try binaries.run("shortcuts", ["actions", "--suggested", "--app", "com.example.IntentsDemo"]).output
        #expect(!after.contains("viewTask") && after.contains("relevant in the morning"), "\(after)")

        // The app's suggestion of a shortcut to add (INVoiceShortcutCenter), replaced by each call.
        for _ in 0..<2 { #expect(try binaries.run("intentsdemo", ["suggest"]).status == 0) }
        let suggested = try binaries.run("shortcuts", ["actions", "--suggested", "--app", "com.example.IntentsDemo"]).output
        #expect(suggested.components(separatedBy: "(suggested to add, ").count == 2, "\(suggested)")
        #expect(suggested.contains("    title: Weekly review\n"), "\(suggested)")
    }

    @Test func createTaskResolvesTheDueDateWithTheCustomUnsupportedReason() throws {
        let created = try binaries.run("shortcuts", ["perform", Self.create, "--set", "title=Milk", "--set", "dueDate=2030-01-01"])
        #expect(created.status == 0, "\(created.error)")
        #expect(created.output == "Milk\n")
        #expect(created.error.contains("Created Milk."))
        let past = try binaries.run("shortcuts", ["perform", Self.create, "--set", "title=Milk", "--set", "dueDate=2001-01-01"])
        #expect(past.status == 1)
        #expect(past.error.contains("parameter dueDate: The due date must be in the future."))
    }

    @Test func createTaskRunsInsideAShortcutAndItsTaskFlowsOn() throws {
        let text = TokenString(segments: [
            .variable(TokenAttachment(.actionOutput(uuid: "T", name: "Task"))), .literal(" due "),
            .variable(
                TokenAttachment(.actionOutput(uuid: "T", name: "Task"), aggrandizements: [.property(name: "Due Date", userInfo: nil)])),
        ])
        let workflow = Workflow(actions: [
            WorkflowAction(identifier: "is.workflow.actions.gettext", parameters: ["WFTextActionText": .plain("Water plants")]),
            WorkflowAction(identifier: Self.create, parameters: ["dueDate": .plain("2031-05-01T09:00:00Z"), "UUID": .plain("T")]),
            WorkflowAction(identifier: "is.workflow.actions.gettext", parameters: ["WFTextActionText": .text(text)]),
        ])
        let path = try binaries.write(ShortcutFile.write(workflow), to: "Task.shortcut")
        binaries.extraEnvironment["TZ"] = "UTC"
        let result = try binaries.run("shortcuts", ["run", path])
        #expect(result.status == 0, "\(result.error)")
        // ICU puts a narrow no-break space before AM, as Apple's systems do now.
        #expect(result.output.replacingOccurrences(of: "\u{202F}", with: " ") == "Water plants due May 1, 2031 at 9:00 AM\n")
    }

    @Test func theToppingIsDisambiguatedAmongThreeAndTheOrderContinuesInTheApp() throws {
        let refused = try binaries.run("shortcuts", ["perform", Self.order, "--no-interaction"])
        #expect(refused.status == 1)
        #expect(
            refused.error.contains(
                #"parameter topping: needs a choice for "Which one of these toppings?" among "Pepperoni", "Mushroom", "Pineapple""#))

        let answers = try binaries.write(Data("Mushroom\n".utf8), to: "answers.txt")
        let log = binaries.directory.path + "/continued.txt"
        binaries.extraEnvironment = ["SHORTCUTS_NO_APP_LAUNCH": "0", "INTENTS_DEMO_LOG": log]
        let ordered = try binaries.run("shortcuts", ["perform", Self.order, "--answers", answers])
        #expect(ordered.status == 0, "\(ordered.error)")
        // The app is started with the response and reads the chosen topping from it.
        var continued = ""
        for _ in 0..<100 where continued.isEmpty {
            continued = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if continued.isEmpty { Thread.sleep(forTimeInterval: 0.1) }
        }
        #expect(continued == "Preparing a Mushroom pizza (OrderPizzaIntent).\n")
    }
}
