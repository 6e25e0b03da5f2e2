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
        let settings = action["ActionParameters"]?.dictionaryValue ?? PropertyListDictionary()
        let bundle = action["BundleIdentifier"]?.stringValue ?? ""
        // One Automator action extracts several kinds of data; it has a counterpart for URLs.
        let kind = bundle == "com.apple.Automator.Extract_Data_from_Text" ? settings["type"]?.stringValue : nil
        let lookup = kind == "com.apple.Automator.text.url" ? bundle + ".url" : bundle
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
        switch Counterpart(name: name, bundle: lookup) {
        case .runShellScript?:
            identifier = "runshellscript"
            parameters["Script"] = .plain(.string(text("COMMAND_STRING", "source") ?? ""))
            parameters["Shell"] = .plain(.string(text("shell") ?? "/bin/sh"))
            parameters["InputMode"] = .plain(.string(number("inputMethod") == 1 ? "as arguments" : "to stdin"))
        case .runAppleScript?:
            identifier = "runapplescript"
            parameters["Script"] = .plain(.string(text("source") ?? ""))
        case .runJavaScript?:
            identifier = "runjavascriptforautomation"
            parameters["Script"] = .plain(.string(text("source") ?? ""))
        case .extractURLs?:
            identifier = "detect.link"
        case .askForConfirmation?:
            identifier = "alert"
            parameters["WFAlertActionTitle"] = .plain(.string(text("questionText") ?? ""))
            parameters["WFAlertActionMessage"] = .plain(.string(text("explanationText") ?? ""))
            parameters["WFAlertActionCancelButtonShown"] = .plain(.boolean(true))
        case .askForText?:
            identifier = "ask"
            // Automator keeps the question in `defaultMessage`.
            parameters["WFAskActionPrompt"] = .plain(.string(text("defaultMessage", "question") ?? ""))
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
            let asks = Counterpart(name: name, bundle: lookup) == .askForFinderItems
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
        case runShellScript, runAppleScript, runJavaScript, extractURLs, askForConfirmation, askForText, displayNotification, pause
        case setVariable, getVariable, copyToClipboard, getClipboard, specifiedText, specifiedURLs
        case specifiedFinderItems, askForFinderItems, folderContents, newFolder

        /// Each counterpart with the Automator action's English name and bundle identifier. The
        /// identifiers of Run Shell Script, Run AppleScript, Run JavaScript, Ask for Text, Ask for
        /// Confirmation, Pause, Set and Get Value of Variable, Copy to and Get Contents of
        /// Clipboard and Get Specified Finder Items, and their settings' keys, are as real
        /// workflows have them; the others' are Automator's names for them as best known (the
        /// English name still finds them). Extract Data from Text counts only for URLs.
        static let known: [(counterpart: Counterpart, name: String, bundle: String)] = [
            (.runShellScript, "Run Shell Script", "com.apple.RunShellScript"),
            (.runAppleScript, "Run AppleScript", "com.apple.Automator.RunScript"),
            (.runJavaScript, "Run JavaScript", "com.apple.Automator.RunJavaScript"),
            (.extractURLs, "Extract URLs from Text", "com.apple.Automator.Extract_Data_from_Text.url"),
            (.askForConfirmation, "Ask for Confirmation", "com.apple.Automator.Ask for Confirmation"),
            (.askForText, "Ask for Text", "com.apple.Automator.TextInputDialog"),
            (.displayNotification, "Display Notification", "com.apple.Automator.DisplayNotification"),
            (.pause, "Pause", "com.apple.Automator.Pause"),
            (.setVariable, "Set Value of Variable", "com.apple.Automator.SetValueofVariable"),
            (.getVariable, "Get Value of Variable", "com.apple.Automator.GetValueofVariable"),
            (.copyToClipboard, "Copy to Clipboard", "com.apple.Automator.CopyToClipboard"),
            (.getClipboard, "Get Contents of Clipboard", "com.apple.Automator.Get_Contents_of_Clipboard"),
            (.specifiedText, "Get Specified Text", "com.apple.Automator.GetSpecifiedText"),
            (.specifiedURLs, "Get Specified URLs", "com.apple.Automator.SpecifiedURLs"),
            (.specifiedFinderItems, "Get Specified Finder Items", "com.apple.Automator.SpecifiedFiles"),
            (.askForFinderItems, "Ask for Finder Items", "com.apple.Automator.AskForFinderItems"),
            (.folderContents, "Get Folder Contents", "com.apple.Automator.GetFolderContents"),
            (.newFolder, "New Folder", "com.apple.Automator.NewFolder"),
        ]

        init?(name: String, bundle: String) {
            guard let match = Self.known.first(where: { $0.name == name }) ?? Self.known.first(where: { $0.bundle == bundle })
            else { return nil }
            self = match.counterpart
        }
    }
}
