import Foundation
import PropertyList
import ShortcutFormat
import ShortcutsTestSupport
import Testing

/// Set-up questions through the built `shortcuts`: `import` asks them (terminal, answers file,
/// no interaction), `run` of a file asks them first, and `view` lists them.
@Suite struct SetupQuestionsCommandTests {
    let shell: CommandRunner
    let greeting: String

    /// Text that says "Hello" unless its set-up question is answered otherwise.
    static let greetingWorkflow: Workflow = {
        var workflow = ExampleShortcuts.workflow(
            actions: [ExampleShortcuts.action("gettext", ["WFTextActionText": .plain("Hello")])], inputClasses: [])
        workflow.settings["WFWorkflowImportQuestions"] = .array([
            .dictionary([
                "ActionIndex": .integer(0), "Category": "Parameter", "ParameterKey": "WFTextActionText",
                "Text": "How should it greet you?", "DefaultValue": "Hi",
            ])
        ])
        return workflow
    }()

    init() throws {
        shell = try CommandRunner()
        greeting = try shell.write(ShortcutFile.write(Self.greetingWorkflow), to: "Greeting.shortcut")
    }

    @Test func importAnswersFromAFileAndTheQuestionsStay() throws {
        let answers = try shell.write(Data("Bonjour\n".utf8), to: "answers.txt")
        let result = try shell.run(["import", greeting, "--answers", answers])
        #expect(result.status == 0, "\(result.error)")
        #expect(try shell.run(["run", "Greeting"]).output == "Bonjour\n")
        let view = try shell.run(["view", "Greeting"])
        #expect(
            view.output.contains(
                "Set-up questions, asked when it is added:\n  action 1, WFTextActionText: \"How should it greet you?\" (default \"Hi\")\n"))
        let exported = try shell.run(["export", "Greeting", "-o", "-", "--xml"])
        let workflow = try ShortcutFile.read(Data(exported.output.utf8), path: "exported").workflow
        #expect(workflow.importQuestions.count == 1, "an export asks again")
    }

    @Test func withoutInteractionImportTakesTheDefaultsAndSaysSo() throws {
        let result = try shell.run(["import", greeting, "--no-interaction"])
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.error
                == "\(greeting): used the default answer of 1 set-up question (no terminal, --no-interaction, or no answer left): action 1, WFTextActionText = \"Hi\"\n"
        )
        #expect(try shell.run(["run", "Greeting"]).output == "Hi\n")
    }

    @Test func onATerminalImportAsksEachQuestion() throws {
        let home = try TemporaryHome(prefix: "shortcuts-setup-tty")
        let result = try home.runInTerminal(
            try BuiltProducts.path(of: "shortcuts"), ["import", greeting], answering: [("parameter WFTextActionText)", "Howdy")])
        #expect(result.status == 0, "\(result.output)")
        // The terminal shows its lines ending in \r\n.
        #expect(result.output.contains("How should it greet you?\r\n"))
        #expect(
            result.output.contains("(set-up question for action 1, is.workflow.actions.gettext, parameter WFTextActionText) [Hi]: Howdy"))
        let run = try home.run("shortcuts", ["run", "Greeting"])
        #expect(run.output == "Howdy\n")
    }

    @Test func runningAFileAsksItsQuestionsFirstFromTheSameAnswers() throws {
        let answers = try shell.write(Data("Salut\n".utf8), to: "answers.txt")
        let answered = try shell.run(["run", greeting, "--answers", answers])
        #expect(answered.output == "Salut\n", "\(answered.error)")
        let unattended = try shell.run(["run", greeting, "--no-interaction"])
        #expect(unattended.output == "Hi\n")
        #expect(unattended.error.contains("used the default answer of 1 set-up question"))
    }

    @Test func anAnswerThatDoesNotFitNamesTheActionAndParameter() throws {
        var workflow = Self.greetingWorkflow
        workflow.actions[0].parameters["WFTextActionText"] = .plain(.integer(3))
        let file = try shell.write(ShortcutFile.write(workflow), to: "Number.shortcut")
        let answers = try shell.write(Data("three\n".utf8), to: "answers.txt")
        let result = try shell.run(["import", file, "--answers", answers])
        #expect(result.status == 1)
        #expect(
            result.error.contains(
                "\(file): action 1 (is.workflow.actions.gettext), parameter WFTextActionText: the answer to \"How should it greet you?\" must be a whole number"
            ))
        #expect(try shell.run(["list"]).output == "")
    }
}
