import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Ask for Input, Show Alert, Show Result, Show Notification, Quick Look, the clipboard and Wait:
/// the actions that talk to the person running the shortcut through `run.environment`.
enum InteractionActions {
    static let all: [ActionDefinition] =
        [ask, alert, showResult, notification, getClipboard, setClipboard, delay, previewDocument]

    /// `WFInputType`: what Ask for Input asks for and outputs.
    enum InputType: String, ParameterOption {
        case text = "Text", number = "Number", url = "URL", date = "Date", time = "Time", dateAndTime = "Date and Time"
    }

    static let ask = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.ask", title: "Ask for Input",
            description: "Asks for text, a number, a URL, a date or a time, and outputs the answer as that type.",
            parameters: [
                ParameterMetadata(key: "WFAskActionPrompt", title: "Prompt", type: .text),
                .option("WFInputType", title: "Input Type", default: InputType.text),
                ParameterMetadata(key: "WFAskActionDefaultAnswer", title: "Default Answer", type: .text),
                ParameterMetadata(key: "WFAllowsMultilineText", title: "Allow Multiple Lines", type: .boolean, defaultValue: "true"),
            ],
            outputType: "Text", outputName: "Provided Input", keywords: ["prompt", "question", "input"],
            summary: "Ask for ${WFInputType} with ${WFAskActionPrompt}")
    ) { parameters in
        let prompt = parameters["WFAskActionPrompt"]
        let type = OptionParameter(parameters, "WFInputType", default: InputType.text)
        let defaultAnswer = parameters["WFAskActionDefaultAnswer"]
        return { _, run in
            let type = try type.value(in: run)
            let question = try run.text(prompt).flatMap { $0.isEmpty ? nil : $0 } ?? "Input"
            let answer = try run.environment.prompter.ask(question, defaultAnswer: try run.text(defaultAnswer), inputType: type.rawValue)
            switch type {
            case .text: return .text(answer)
            case .number:
                guard let number = NumberParser.parse(answer) else {
                    throw ActionFailure(
                        "expected a number as the answer to \"\(question)\", got \"\(answer.prefix(60))\"", parameter: "WFInputType")
                }
                return .number(number)
            case .url:
                guard let url = Content.text(answer).url else {
                    throw ActionFailure(
                        "expected a URL as the answer to \"\(question)\", got \"\(answer.prefix(60))\"", parameter: "WFInputType")
                }
                return .url(url)
            case .date, .time, .dateAndTime:
                guard let date = DateParser.parse(answer, now: run.environment.now(), timeZone: run.environment.timeZone) else {
                    throw ActionFailure(
                        "expected a date as the answer to \"\(question)\", got \"\(answer.prefix(60))\"", parameter: "WFInputType")
                }
                return .date(date)
            }
        }
    }

    static let alert = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.alert", title: "Show Alert",
            description: "Shows an alert with OK and, when Show Cancel Button is on, Cancel; Cancel stops the shortcut.",
            parameters: [
                ParameterMetadata(key: "WFAlertActionTitle", title: "Title", type: .text),
                ParameterMetadata(key: "WFAlertActionMessage", title: "Message", type: .text),
                ParameterMetadata(key: "WFAlertActionCancelButtonShown", title: "Show Cancel Button", type: .boolean, defaultValue: "true"),
            ],
            keywords: ["confirm", "dialog", "message"],
            summary: "Show alert ${WFAlertActionMessage}"),
        passesInputThrough: true
    ) { parameters in
        let title = parameters["WFAlertActionTitle"]
        let message = parameters["WFAlertActionMessage"]
        let cancelShown = parameters["WFAlertActionCancelButtonShown"]
        return { input, run in
            let title = try run.text(title) ?? ""
            let message = try run.text(message) ?? ""
            let allowsCancel = try run.bool(cancelShown) ?? true
            guard try run.environment.prompter.confirm(title: title, message: message, allowsCancel: allowsCancel) else {
                throw ActionFailure("the alert \"\(title.isEmpty ? message : title)\" was cancelled", code: .cancelled)
            }
            return input
        }
    }

    static let showResult = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.showresult", title: "Show Result",
            description: "Shows text to the person running the shortcut (on standard error in the CLI).",
            parameters: [ParameterMetadata(key: "Text", title: "Text", type: .text, isRequired: true)],
            isReadOnly: false, keywords: ["display", "print", "output"],
            summary: "Show ${Text}"),
        passesInputThrough: true
    ) { parameters in
        let text = parameters["Text"]
        return { input, run in
            run.environment.show(try run.text(text) ?? input.text)
            return input
        }
    }

    static let notification = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.notification", title: "Show Notification",
            description: "Shows a desktop notification and passes the input on.",
            parameters: [
                ParameterMetadata(key: "WFNotificationActionTitle", title: "Title", type: .text),
                ParameterMetadata(key: "WFNotificationActionBody", title: "Body", type: .text, defaultValue: "Hello World!"),
                ParameterMetadata(key: "WFNotificationActionSound", title: "Play Sound", type: .boolean, defaultValue: "true"),
                ParameterMetadata(key: "WFInput", title: "TokenAttachment", type: .content),
            ],
            inputParameter: "WFInput", isReadOnly: false, keywords: ["alert", "notify-send", "banner"],
            summary: "Show notification ${WFNotificationActionBody}"),
        passesInputThrough: true
    ) { parameters in
        let title = parameters["WFNotificationActionTitle"]
        let body = parameters["WFNotificationActionBody"]
        return { input, run in
            run.environment.notify(try run.text(title) ?? "", try run.text(body) ?? "Hello World!")
            return input
        }
    }

    static let getClipboard = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getclipboard", title: "Get Clipboard",
            description: "Outputs what is on the clipboard.",
            outputType: "Content", outputName: "Clipboard", keywords: ["paste"])
    ) { _ in
        { _, run in try run.environment.clipboard.read() }
    }

    static let setClipboard = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.setclipboard", title: "Copy to Clipboard",
            description: "Puts the input on the clipboard and passes it on.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Content", type: .content, isRequired: true),
                ParameterMetadata(key: "WFLocalOnly", title: "Local Only", type: .boolean, defaultValue: "false"),
                ParameterMetadata(key: "WFExpirationDate", title: "Expire At", type: .date),
            ],
            inputParameter: "WFInput", isReadOnly: false, keywords: ["copy"]),
        passesInputThrough: true
    ) { _ in
        { input, run in
            try run.environment.clipboard.write(input)
            return input
        }
    }

    static let delay = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.delay", title: "Wait",
            description: "Waits a number of seconds before the next action.",
            parameters: [ParameterMetadata(key: "WFDelayTime", title: "Seconds", type: .number, defaultValue: "1", minimum: 0)],
            keywords: ["sleep", "pause", "delay"],
            summary: "Wait ${WFDelayTime} seconds"),
        passesInputThrough: true
    ) { parameters in
        let seconds = parameters["WFDelayTime"]
        return { input, run in
            let time = try run.number(seconds, parameter: "WFDelayTime") ?? 1
            guard time.isFinite, time >= 0 else {
                throw ActionFailure("expected a number of seconds of 0 or more, got \(NumberText.format(time))", parameter: "WFDelayTime")
            }
            try run.wait(seconds: time)
            return input
        }
    }

    static let previewDocument = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.previewdocument", title: "Quick Look",
            description: "Shows the input as text to the person running the shortcut.",
            parameters: [ParameterMetadata(key: "WFInput", title: "Input", type: .content, isRequired: true)],
            inputParameter: "WFInput", isReadOnly: false, keywords: ["preview", "show"]),
        passesInputThrough: true
    ) { _ in
        { input, run in
            run.environment.show(input.text)
            return input
        }
    }
}
