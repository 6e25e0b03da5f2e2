import Foundation
import ShortcutFormat

/// The shortcuts the service tests run, written as real `.shortcut` files into a library.
enum TestLibrary {
    /// "Hello, <input>!"
    static let greet = workflow([
        action(
            "gettext",
            [
                "WFTextActionText": .text(
                    TokenString(segments: [.literal("Hello, "), .variable(TokenAttachment(.extensionInput)), .literal("!")]))
            ])
    ])

    /// Waits `count` × 0.1 s, one Wait per repeat, so a cancel takes effect between actions.
    static func slow(count: Int) -> Workflow {
        workflow([
            control("repeat.count", mode: .start, extra: ["WFRepeatCount": .plain(.integer(Int64(count)))]),
            action("delay", ["WFDelayTime": .plain(.real(0.1))]),
            control("repeat.count", mode: .end),
            action("gettext", ["WFTextActionText": .text(TokenString(segments: [.literal("slept")]))]),
        ])
    }

    /// Text, then a shell script, which fails because running scripts is off.
    static let script = workflow([
        action("gettext", ["WFTextActionText": .text(TokenString(segments: [.literal("x")]))]),
        action("runshellscript", ["Script": .text(TokenString(segments: [.literal("echo hi")])), "Shell": .plain("/bin/sh")]),
    ])

    /// Writes the test library: Greet, Slow, Nap (0.3 s), Script and Work/Report.
    static func write(to home: String) throws {
        let files: [(String, Workflow)] = [
            ("Greet", greet), ("Slow", slow(count: 60)), ("Nap", slow(count: 3)), ("Script", script), ("Work/Report", greet),
        ]
        for (name, workflow) in files {
            let url = URL(fileURLWithPath: home + "/Shortcuts/\(name).shortcut")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try ShortcutFile.write(workflow, format: .binary).write(to: url)
        }
    }

    /// Writes a shortcut that runs `script` with `/bin/sh` (for tests that turn scripts on).
    static func writeScript(_ script: String, named name: String, to home: String) throws {
        let workflow = workflow([
            action("runshellscript", ["Script": .text(TokenString(segments: [.literal(script)])), "Shell": .plain("/bin/sh")])
        ])
        try ShortcutFile.write(workflow, format: .binary).write(to: URL(fileURLWithPath: home + "/Shortcuts/\(name).shortcut"))
    }

    private static func workflow(_ actions: [WorkflowAction]) -> Workflow {
        var workflow = Workflow(actions: actions)
        workflow.inputContentClasses = ["WFStringContentItem"]
        workflow.settings["WFWorkflowHasShortcutInputVariables"] = true
        return workflow
    }

    private static func action(_ name: String, _ parameters: ParameterDictionary) -> WorkflowAction {
        WorkflowAction(identifier: WorkflowAction.builtinPrefix + name, parameters: parameters)
    }

    private static func control(_ name: String, mode: ControlFlowMode, extra: ParameterDictionary = [:]) -> WorkflowAction {
        var parameters: ParameterDictionary = ["GroupingIdentifier": .plain("R1"), "WFControlFlowMode": .plain(.integer(mode.rawValue))]
        for (key, value) in extra { parameters[key] = value }
        return action(name, parameters)
    }
}
