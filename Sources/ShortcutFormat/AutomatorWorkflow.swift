import PropertyList

/// An Automator workflow (`document.wflow`, the property list inside a `.workflow` bundle),
/// turned into a shortcut as Shortcuts' import does: each Automator action with a Shortcuts
/// counterpart becomes that action with its settings; any other becomes an action that fails
/// when reached, naming the Automator action.
///
/// Automator passes each action's result to the next, which is what a shortcut does with actions
/// whose input is not set, so the order of actions is all the wiring needed. Automator variables
/// become named variables. Every converted action keeps its origin in `AutomatorActionName` and
/// `AutomatorBundleIdentifier` (Shortcuts ignores parameters it doesn't know), which `view` shows.
public enum AutomatorWorkflow {
    /// The identifier of the stand-in for an Automator action with no Shortcuts counterpart.
    public static let unconvertedIdentifier = "org.swiftshortcuts.automator.action"

    /// Whether a property list is an Automator document rather than a shortcut.
    public static func isDocument(_ root: PropertyListDictionary) -> Bool {
        root["WFWorkflowActions"] == nil && root["actions"]?.arrayValue != nil
            && (root["AMDocumentVersion"] != nil || root["AMApplicationVersion"] != nil)
    }

    /// Converts an Automator document into a workflow.
    public static func workflow(from root: PropertyListDictionary) -> Workflow {
        var variables: [String: String] = [:]
        for item in root["variables"]?.arrayValue ?? [] {
            guard let fields = item.dictionaryValue, let uuid = fields["UUID"]?.stringValue, let name = fields["name"]?.stringValue
            else { continue }
            variables[uuid] = name
        }
        let actions = (root["actions"]?.arrayValue ?? []).compactMap { item -> WorkflowAction? in
            guard let action = item.dictionaryValue?["action"]?.dictionaryValue ?? item.dictionaryValue else { return nil }
            return convert(action, variables: variables)
        }
        var workflow = Workflow(actions: actions)
        // A workflow that processes files (a Quick Action) takes input; an application or a
        // workflow that takes nothing does not.
        let inputType =
            root["workflowMetaData"]?["serviceInputTypeIdentifier"]?.stringValue
            ?? root["workflowMetaData"]?["inputTypeIdentifier"]?.stringValue
        if inputType == "com.apple.Automator.nothing" { workflow.settings["WFWorkflowInputContentItemClasses"] = .array([]) }
        return workflow
    }

    /// One Automator action, by its `ActionName` or its bundle identifier (files differ).
    static func convert(_ action: PropertyListDictionary, variables: [String: String]) -> WorkflowAction {
        let name = action["ActionName"]?.stringValue ?? ""
        let bundle = action["BundleIdentifier"]?.stringValue ?? ""
        let settings = action["ActionParameters"]?.dictionaryValue ?? PropertyListDictionary()
        func text(_ keys: String...) -> String? { keys.lazy.compactMap { settings[$0]?.stringValue }.first }
        func number(_ keys: String...) -> Double? {
            keys.lazy.compactMap { key -> Double? in
                switch settings[key] {
                case .integer(let value)?: return Double(value)
                case .real(let value)?: return value
                case .string(let value)?: return Double(value)
                default: return nil
                }
            }.first
        }
        func flag(_ key: String) -> Bool? {
            switch settings[key] {
            case .boolean(let value)?: return value
            case .integer(let value)?: return value != 0
            case .string(let value)?: return ["1", "true", "yes"].contains(value.lowercased())
            default: return nil
            }
        }
        func variableName() -> String? {
            text("variableUUID").flatMap { variables[$0] } ?? text("variableName", "variable")
        }

        var parameters: ParameterDictionary = [:]
        let identifier: String
        switch Counterpart(name: name, bundle: bundle) {
        case .runShellScript?:
            identifier = "runshellscript"
            parameters["Script"] = .plain(.string(text("COMMAND_STRING", "source") ?? ""))
            parameters["Shell"] = .plain(.string(text("shell") ?? "/bin/sh"))
            parameters["InputMode"] = .plain(.string(number("inputMethod") == 1 ? "as arguments" : "to stdin"))
        case .runAppleScript?:
            identifier = "runapplescript"
            parameters["Script"] = .plain(.string(text("source") ?? ""))
        case .askForConfirmation?:
            identifier = "alert"
            parameters["WFAlertActionTitle"] = .plain(.string(text("questionText") ?? ""))
            parameters["WFAlertActionMessage"] = .plain(.string(text("explanationText") ?? ""))
            parameters["WFAlertActionCancelButtonShown"] = .plain(.boolean(true))
        case .askForText?:
            identifier = "ask"
            parameters["WFAskActionPrompt"] = .plain(.string(text("question", "questionText", "prompt") ?? ""))
            if let answer = text("defaultAnswer", "answer") { parameters["WFAskActionDefaultAnswer"] = .plain(.string(answer)) }
        case .displayNotification?:
            identifier = "notification"
            let title = [text("title"), text("subtitle")].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " — ")
            parameters["WFNotificationActionTitle"] = .plain(.string(title))
            parameters["WFNotificationActionBody"] = .plain(.string(text("message") ?? ""))
        case .pause?:
            // `pauseDuration` is in seconds; `pauseUnit` only chooses how Automator shows it.
            identifier = "delay"
            parameters["WFDelayTime"] = .plain(.real(number("pauseDuration") ?? 0))
        case .setVariable?:
            identifier = "setvariable"
            parameters["WFVariableName"] = .plain(.string(variableName() ?? "Variable"))
        case .getVariable?:
            identifier = "getvariable"
            parameters["WFVariable"] = .attachment(TokenAttachment(.variable(name: variableName() ?? "Variable")))
        case .copyToClipboard?:
            identifier = "setclipboard"
        case .getClipboard?:
            identifier = "getclipboard"
        case .specifiedText?:
            identifier = "gettext"
            parameters["WFTextActionText"] = .plain(.string(text("text", "inputText", "string") ?? ""))
        case .specifiedURLs?:
            identifier = "url"
            let urls = (settings["urls"]?.arrayValue ?? []).compactMap {
                $0.stringValue ?? $0["URL"]?.stringValue ?? $0["url"]?.stringValue
            }
            parameters["WFURLActionURL"] = .plain(.array(urls.map(PropertyListValue.string)))
        case .specifiedFinderItems?, .askForFinderItems?:
            identifier = "documentpicker.open"
            let asks = Counterpart(name: name, bundle: bundle) == .askForFinderItems
            parameters["WFShowFilePicker"] = .plain(.boolean(asks))
            let paths = (settings["fileNames"]?.arrayValue ?? settings["files"]?.arrayValue ?? []).compactMap(\.stringValue)
            if let path = paths.first ?? text("startLocation", "path") { parameters["WFGetFilePath"] = .plain(.string(path)) }
        case .folderContents?:
            identifier = "file.getfoldercontents"
            parameters["Recursive"] = .plain(.boolean(flag("recurse") ?? false))
        case .newFolder?:
            identifier = "file.createfolder"
            let location = text("folderLocation", "location").map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? ""
            parameters["WFFilePath"] = .plain(.string(location + (text("folderName", "name") ?? "untitled folder")))
        case nil:
            // Kept whole, so nothing is lost; it fails when reached.
            parameters["ActionParameters"] = .plain(.dictionary(settings))
            identifier = ""
        }
        parameters["AutomatorActionName"] = .plain(.string(name))
        parameters["AutomatorBundleIdentifier"] = .plain(.string(bundle))
        return WorkflowAction(
            identifier: identifier.isEmpty ? unconvertedIdentifier : WorkflowAction.builtinPrefix + identifier, parameters: parameters)
    }

    /// The Automator actions that have a Shortcuts counterpart.
    enum Counterpart: Equatable {
        case runShellScript, runAppleScript, askForConfirmation, askForText, displayNotification, pause
        case setVariable, getVariable, copyToClipboard, getClipboard, specifiedText, specifiedURLs
        case specifiedFinderItems, askForFinderItems, folderContents, newFolder

        init?(name: String, bundle: String) {
            let byName: [String: Counterpart] = [
                "Run Shell Script": .runShellScript, "Run AppleScript": .runAppleScript,
                "Ask for Confirmation": .askForConfirmation, "Ask for Text": .askForText,
                "Display Notification": .displayNotification, "Pause": .pause,
                "Set Value of Variable": .setVariable, "Get Value of Variable": .getVariable,
                "Copy to Clipboard": .copyToClipboard, "Get Contents of Clipboard": .getClipboard,
                "Get Specified Text": .specifiedText, "Get Specified URLs": .specifiedURLs,
                "Get Specified Finder Items": .specifiedFinderItems, "Ask for Finder Items": .askForFinderItems,
                "Get Folder Contents": .folderContents, "New Folder": .newFolder,
            ]
            let byBundle: [String: Counterpart] = [
                "com.apple.RunShellScript": .runShellScript, "com.apple.Automator.RunScript": .runAppleScript,
                "com.apple.Automator.Ask for Confirmation": .askForConfirmation, "com.apple.Automator.AskForText": .askForText,
                "com.apple.Automator.DisplayNotification": .displayNotification, "com.apple.Automator.Pause": .pause,
                "com.apple.Automator.SetValueOfVariable": .setVariable, "com.apple.Automator.GetValueOfVariable": .getVariable,
                "com.apple.Automator.CopyToClipboard": .copyToClipboard, "com.apple.Automator.GetContentsOfClipboard": .getClipboard,
                "com.apple.Automator.GetSpecifiedText": .specifiedText, "com.apple.Automator.SpecifiedURLs": .specifiedURLs,
                "com.apple.Automator.SpecifiedFiles": .specifiedFinderItems, "com.apple.Automator.AskForFinderItems": .askForFinderItems,
                "com.apple.Automator.GetFolderContents": .folderContents, "com.apple.Automator.NewFolder": .newFolder,
            ]
            guard let counterpart = byName[name] ?? byBundle[bundle] else { return nil }
            self = counterpart
        }
    }
}
