import Foundation
import PropertyList
import ShortcutFormat
import Testing

/// Set-up questions as real shortcuts carry them, and answers going into their parameters.
@Suite("Set-up questions")
struct ImportQuestionTests {
    static func corpusWorkflow(_ name: String) throws -> Workflow {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/corpus/shortcuts/\(name).shortcut").standardizedFileURL
        return try ShortcutFile.read(try Data(contentsOf: url), path: url.path).workflow
    }

    @Test func aRealShortcutsQuestionsAreRead() throws {
        let workflow = try Self.corpusWorkflow("15-launchcuts-helper")
        let questions = workflow.importQuestions
        #expect(questions.map(\.actionIndex) == [6, 8])
        #expect(questions.map(\.parameterKey) == ["WFTextActionText", "WFNumberActionNumber"])
        #expect(questions.map(\.defaultAnswer) == ["en-US", "1"])
        #expect(questions[0].text.hasPrefix("Choose language for LaunchCuts Helper."))
    }

    @Test func anAnswerGoesIntoItsParameterAndTheQuestionsStay() throws {
        var workflow = try Self.corpusWorkflow("15-launchcuts-helper")
        let question = workflow.importQuestions[0]
        #expect(workflow.actions[6].parameters["WFTextActionText"] == .plain(.string("zn-CH")))
        #expect(try workflow.answer(question, with: "de-DE"))
        #expect(workflow.actions[6].parameters["WFTextActionText"] == .plain(.string("de-DE")))
        #expect(try !workflow.answer(question, with: "de-DE"), "the same answer again changes nothing")
        let reread = try ShortcutFile.read(ShortcutFile.write(workflow), path: "answered.shortcut").workflow
        #expect(reread.importQuestions.count == 2)
        #expect(reread.actions[6].parameters["WFTextActionText"] == .plain(.string("de-DE")))
    }

    static func questionFor(_ value: PropertyListValue) -> Workflow {
        let question: PropertyListValue = .dictionary(
            ["ActionIndex": .integer(0), "ParameterKey": "Value", "Category": "Parameter", "Text": "How many?"])
        var settings = Workflow.defaultSettings
        settings["WFWorkflowImportQuestions"] = .array([question])
        return Workflow(
            actions: [WorkflowAction(identifier: "is.workflow.actions.number", parameters: ["Value": .plain(value)])], settings: settings)
    }

    @Test func answersAreTypedAsTheirParameter() throws {
        var integer = Self.questionFor(.integer(1))
        try integer.answer(integer.importQuestions[0], with: " 42 ")
        #expect(integer.actions[0].parameters["Value"] == .plain(.integer(42)))
        var real = Self.questionFor(.real(1.5))
        try real.answer(real.importQuestions[0], with: "2.25")
        #expect(real.actions[0].parameters["Value"] == .plain(.real(2.25)))
        var boolean = Self.questionFor(.boolean(false))
        try boolean.answer(boolean.importQuestions[0], with: "yes")
        #expect(boolean.actions[0].parameters["Value"] == .plain(.boolean(true)))
    }

    @Test func anAnswerOfTheWrongTypeNamesTheActionAndParameter() throws {
        var workflow = Self.questionFor(.integer(1))
        let error = try #require(throws: ImportQuestionError.self) { try workflow.answer(workflow.importQuestions[0], with: "many") }
        #expect(
            error.message == "action 1 (is.workflow.actions.number), parameter Value: the answer to \"How many?\" must be a whole number")
    }

    @Test func aQuestionForAMissingActionIsAnError() throws {
        var workflow = Self.questionFor(.integer(1))
        workflow.actions = []
        #expect(throws: ImportQuestionError.self) {
            try workflow.answer(ImportQuestion(actionIndex: 0, parameterKey: "Value", text: "How many?"), with: "1")
        }
    }
}
