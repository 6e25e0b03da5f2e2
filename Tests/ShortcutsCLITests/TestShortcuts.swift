import Foundation
import ShortcutFormat

/// Small shortcuts the end-to-end tests write to files: one that asks, a menu, a script.
enum TestShortcuts {
    typealias E = ExampleShortcuts

    /// Asks for a name, then greets it.
    static let askName = E.workflow(
        actions: [
            E.action("ask", ["WFAskActionPrompt": E.text(.literal("What is your name?")), "UUID": .plain("A1")]),
            E.action(
                "gettext",
                [
                    "WFTextActionText": E.text(
                        .literal("Hi, "), .variable(TokenAttachment(.actionOutput(uuid: "A1", name: "Provided Input"))))
                ]),
        ],
        inputClasses: [])

    /// A menu of Coffee and Tea; each case outputs a sentence.
    static let drinkMenu: Workflow = {
        let group = "M1"
        return E.workflow(
            actions: [
                E.control(
                    "choosefrommenu", group: group, mode: .start,
                    extra: [
                        "WFMenuPrompt": .plain("Which drink?"), "WFMenuItems": .array([.plain("Coffee"), .plain("Tea")]),
                    ]),
                E.control("choosefrommenu", group: group, mode: .middle, extra: ["WFMenuItemTitle": .plain("Coffee")]),
                E.action("gettext", ["WFTextActionText": E.text(.literal("You chose coffee"))]),
                E.control("choosefrommenu", group: group, mode: .middle, extra: ["WFMenuItemTitle": .plain("Tea")]),
                E.action("gettext", ["WFTextActionText": E.text(.literal("You chose tea"))]),
                E.control("choosefrommenu", group: group, mode: .end, uuid: "M2"),
            ],
            inputClasses: [])
    }()

    /// Runs `echo scripted` in /bin/sh.
    static let script = E.workflow(
        actions: [
            E.action(
                "runshellscript",
                [
                    "Script": E.text(.literal("echo scripted")), "Shell": .plain("/bin/sh"), "InputMode": .plain("to stdin"),
                ])
        ],
        inputClasses: [])

    static func data(_ workflow: Workflow) -> Data { ShortcutFile.write(workflow, format: .binary) }
}
