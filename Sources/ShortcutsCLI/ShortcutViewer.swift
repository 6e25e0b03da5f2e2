import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import ShortcutsLanguage

/// A readable listing of a shortcut: every action with its index, title, identifier and
/// parameters, blocks indented, and actions that can't run here marked.
///
/// ```swift
/// let viewer = ShortcutViewer(engine: Engine(sources: [Builtins.catalog]))
/// print(viewer.render(workflow, name: "Hello"))
/// ```
/// ```text
/// Hello: 5 actions, accepts input
///
/// 1  If (is.workflow.actions.conditional)
///      Input (WFInput): {Shortcut Input}
///      Condition (WFCondition): has any value
/// 2    Text (is.workflow.actions.gettext)
///        Text (WFTextActionText): "Hello, {Shortcut Input}!"
/// 3  Otherwise (is.workflow.actions.conditional)
/// …
/// ```
public struct ShortcutViewer: Sendable {
    /// Where action titles and parameter names come from.
    public let engine: Engine

    public init(engine: Engine) {
        self.engine = engine
    }

    /// Keys that only wire actions together; the listing shows their effect instead.
    static let hiddenKeys: Set<String> = ["UUID", "GroupingIdentifier", "WFControlFlowMode"]
    /// Where an action imported from Automator came from, shown as one line.
    static let automatorKeys: Set<String> = ["AutomatorActionName", "AutomatorBundleIdentifier"]

    /// The listing of a workflow, ending in a newline.
    public func render(_ workflow: Workflow, name: String, signature: ShortcutSignature? = nil) -> String {
        let actions = workflow.actions
        let renderer = ParameterRenderer(actions: actions, metadata: engine.metadata(for:))
        let width = String(actions.count).count
        var text = "\(name): \(actions.count) action\(actions.count == 1 ? "" : "s")"
        text += workflow.acceptsInput ? ", accepts input\n" : "\n"
        if let signature { text += signature.summary() + "\n" }
        let questions = workflow.importQuestions
        if !questions.isEmpty {
            text += "Set-up questions, asked when it is added:\n"
            for question in questions {
                let shown = question.text.split(whereSeparator: \.isNewline).joined(separator: " ")
                text += "  action \(question.actionIndex + 1), \(question.parameterKey): \"\(shown)\""
                text += question.defaultAnswer.map { " (default \"\($0)\")\n" } ?? "\n"
            }
        }
        text += "\n"
        var depth = 0
        let matched = BlockMatcher.match(actions)
        let roles = matched.roles(count: actions.count)
        let misplaced = Set(matched.problems.map(\.action))
        for (offset, action) in actions.enumerated() {
            let block = roles[offset].map { (title: matched.blocks[$0.block].kind.title($0.mode), mode: $0.mode) }
            if let block, block.mode != .start { depth = max(0, depth - 1) }
            let number = String(offset + 1)
            let indent = String(repeating: " ", count: width - number.count + 2 + depth * 2)
            let metadata = engine.metadata(for: action.identifier)
            var line =
                number + indent
                + (block?.title ?? ControlFlowBlock.title(of: action) ?? metadata?.title ?? ParameterRenderer.fallbackTitle(action))
            line += " (\(action.identifier))"
            if misplaced.contains(offset) {
                line += "  [out of place: not part of a well-formed block]"
            } else if block == nil, ControlFlowBlock(identifier: action.identifier) == nil,
                let problem = Self.availabilityProblem(action, metadata)
            {
                line += "  [unavailable: \(problem)]"
            }
            text += line + "\n"
            let parameterIndent = String(repeating: " ", count: width + 4 + depth * 2)
            if let origin = action.parameters["AutomatorActionName"]?.stringValue {
                let bundle = action.parameters["AutomatorBundleIdentifier"]?.stringValue ?? "?"
                text += parameterIndent + "From Automator: \"\(origin)\" (\(bundle))\n"
            }
            for (key, value) in action.parameters where !Self.hiddenKeys.contains(key) && !Self.automatorKeys.contains(key) {
                if key == "WFMenuItemAttributedTitle", action.parameters["WFMenuItemTitle"] != nil { continue }
                let title = metadata?.parameter(key)?.title ?? ControlFlowBlock.parameterTitles[key] ?? Self.commonTitles[key]
                let label = title.map { $0 == key ? key : "\($0) (\(key))" } ?? key
                let rendered = key == "WFCondition" ? renderer.condition(value) : renderer.render(value)
                text += parameterIndent + label + ": " + rendered + "\n"
            }
            if let block, block.mode != .end { depth += 1 }
        }
        return text
    }

    /// Why an action can't run here, or `nil` when it can.
    static func availabilityProblem(_ action: WorkflowAction, _ metadata: ActionMetadata?) -> String? {
        if let metadata { return metadata.isAvailable ? nil : "not available on Linux" }
        return action.identifier.hasPrefix(WorkflowAction.builtinPrefix)
            ? "not available on Linux" : "no installed app provides this action"
    }

    /// Titles of keys many actions share.
    static let commonTitles: [String: String] = [
        "CustomOutputName": "Output Name", "WFInput": "Input", "AppIntentDescriptor": "App Intent",
    ]
}
