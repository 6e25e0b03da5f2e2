import PropertyList
import ShortcutFormat
import ShortcutsContent

/// Turns a `Workflow` into a ``SourceFile``: blocks for well-formed control flow, names for
/// the outputs other actions use, friendly names where the vocabulary has them.
///
/// Every value is written in its most readable form and then compiled back and compared; when
/// that form would not give back exactly the same value, a more explicit one is written
/// instead (down to `#raw`, a property-list literal), so decompiling loses nothing.
struct Decompiler {
    let vocabulary: Vocabulary
    let workflow: Workflow
    /// Compiles candidate forms to check them, with bindings as the original UUIDs.
    var checker = ValueCompiler(log: DiagnosticLog())
    /// How deep in dictionary items the value being written is: under
    /// `@shape rangesInDictionaries` such a value's texts compile with empty ranges.
    var dictionaryDepth = 0
    /// Action UUID → the name bound to it.
    var names: [String: String] = [:]
    /// Index of each action that binds a name or `_` → (name, output name).
    var bindingsByIndex: [Int: (name: String?, outputName: String?)] = [:]

    init(vocabulary: Vocabulary, workflow: Workflow) {
        self.vocabulary = vocabulary
        self.workflow = workflow
    }

    mutating func decompile() -> SourceFile {
        nameOutputs()
        var statements = SettingsDecompiler.directives(for: workflow.settings, decompiler: &self)
        if DictionaryTextShape.prefersRanges(workflow) {
            checker.rangesInDictionaries = true
            statements.append(
                .directive(
                    Directive(
                        name: DictionaryTextShape.directive,
                        arguments: [Self.unlabeled(Self.word(DictionaryTextShape.rangesInDictionaries))],
                        position: Self.nowhere)))
        }
        if !statements.isEmpty { statements.append(Statement.blank) }
        let tree = BlockTree(workflow.actions)
        statements += self.statements(tree.nodes)
        return SourceFile(statements: statements)
    }

    // MARK: Naming outputs

    /// Chooses a name for every action with a `UUID`: `_` when nothing refers to it.
    ///
    /// A `UUID` that several actions share (copy-pasted actions; Shortcuts keeps them) names
    /// none of them: each keeps its `UUID` written out and the references to it are written as
    /// attachments with that `UUID`, so the compiled file is the original and a reference gets
    /// what Shortcuts gives it, the latest output with that `UUID` before it.
    private mutating func nameOutputs() {
        var seen: Set<String> = []
        var shared: Set<String> = []
        for action in workflow.actions where isBindable(action) {
            if case .plain(.string(let uuid))? = action.parameters["UUID"], !seen.insert(uuid).inserted { shared.insert(uuid) }
        }
        var referencedNames: [String: String?] = [:]
        for action in workflow.actions {
            for (_, value) in action.parameters {
                value.forEachAttachment { attachment in
                    if case .actionOutput(let uuid, let name) = attachment.kind, referencedNames[uuid] == nil {
                        referencedNames[uuid] = .some(name)
                    }
                }
            }
        }
        var used = Self.reservedNames
        for (index, action) in workflow.actions.enumerated() {
            guard case .plain(.string(let uuid))? = action.parameters["UUID"], names[uuid] == nil, !shared.contains(uuid),
                isBindable(action)
            else { continue }
            let entry = vocabulary.entry(for: action.identifier)
            let defaultName = ControlFlow.kind(of: action.identifier).map(ControlFlow.defaultOutputName) ?? entry.defaultOutputName
            guard let referenced = referencedNames[uuid] else {
                bindingsByIndex[index] = (nil, nil)
                names[uuid] = ""
                continue
            }
            let shown = referenced ?? defaultName ?? "output"
            var base = Self.identifier(from: shown)
            if base.isEmpty { base = Self.identifier(from: defaultName ?? "") }
            if base.isEmpty { base = "output" }
            var name = base
            var counter = 2
            while used.contains(name) {
                name = base + String(counter)
                counter += 1
            }
            used.insert(name)
            names[uuid] = name
            let outputName = referenced ?? defaultName ?? name
            bindingsByIndex[index] = (name, outputName == (defaultName ?? name) ? nil : outputName)
            checker.laterBindings[name] = (uuid, SourcePosition(line: 0, column: 0))
        }
    }

    /// Control-flow actions bind only at their End; others always can.
    private func isBindable(_ action: WorkflowAction) -> Bool {
        guard ControlFlow.kind(of: action.identifier) != nil else { return true }
        return action.controlFlowMode == .end
    }

    static let reservedNames: Set<String> = Set(Parser.specialNames.keys)
        .union(["true", "false", "none", "all", "any", "as", "_", "If", "Repeat", "RepeatEach", "Menu", "Otherwise", "Case"])
        .union(ControlFlow.comparisons.map(\.name))

    /// `Changed Case` → `changedCase`; letters and digits only, starting lower case.
    static func identifier(from text: String) -> String {
        let camel = Vocabulary.friendlyName(text)
        guard let first = camel.first, first != "_" else { return "" }
        if camel.allSatisfy({ $0.isUppercase || $0.isNumber }) { return camel.lowercased() }
        return first.lowercased() + camel.dropFirst()
    }

    /// Records a binding as made, so later references to it can use its name.
    mutating func bind(_ index: Int) -> Binding? {
        guard let binding = bindingsByIndex[index] else { return nil }
        if let name = binding.name, case .plain(.string(let uuid))? = workflow.actions[index].parameters["UUID"] {
            let entry = vocabulary.entry(for: workflow.actions[index].identifier)
            let defaultName = ControlFlow.kind(of: entry.identifier).map(ControlFlow.defaultOutputName) ?? entry.defaultOutputName
            checker.bindings[name] = BoundOutput(uuid: uuid, outputName: binding.outputName ?? defaultName ?? name)
        }
        return Binding(name: binding.name, outputName: binding.outputName, position: SourcePosition(line: 0, column: 0))
    }

    // MARK: Statements

    mutating func statements(_ nodes: [BlockTree.Node]) -> [Statement] {
        var statements: [Statement] = []
        for node in nodes {
            switch node {
            case .action(let index): statements.append(.action(actionStatement(index)))
            case .block(let block): statements.append(.block(blockStatement(block)))
            }
        }
        return statements
    }

    private mutating func actionStatement(_ index: Int) -> ActionStatement {
        let action = workflow.actions[index]
        let entry = vocabulary.entry(for: action.identifier)
        let isBound = bindingsByIndex[index] != nil
        var parameters = action.parameters
        if isBound { parameters["UUID"] = nil }
        let isFriendly = entry.friendlyName != nil && !(ControlFlow.kind(of: action.identifier) != nil)
        var arguments = self.arguments(parameters, entry: entry)
        if !action.extra.isEmpty {
            arguments.append(Argument(label: "#extra", value: plistSyntax(.dictionary(action.extra)), position: Self.nowhere))
        }
        let binding = bind(index)
        return ActionStatement(
            binding: binding, name: isFriendly ? entry.friendlyName! : action.identifier, isRawName: !isFriendly,
            arguments: arguments, position: Self.nowhere)
    }

    static let nowhere = SourcePosition(line: 0, column: 0)

    /// Arguments for parameters: friendly labels, the main parameter unlabeled when it comes first.
    mutating func arguments(_ parameters: ParameterDictionary, entry: Vocabulary.Entry) -> [Argument] {
        var arguments: [Argument] = []
        for (key, value) in parameters {
            let metadata = entry.metadata?.parameter(key)
            var label: String? = entry.labelsByKey[key] ?? key
            // A key the catalog doesn't know is written in backticks, which take it as written.
            let isRawLabel = entry.metadata != nil && entry.key(forLabel: key) != key
            if arguments.isEmpty, key == entry.primaryKey { label = nil }
            let syntax: ValueSyntax
            if key == "WFCondition", case .plain(.integer(let code)) = value, let name = ControlFlow.comparisonName(code) {
                syntax = .variable(VariableSyntax(base: .output(name), postfixes: [], position: Self.nowhere))
            } else {
                let context: ValueContext = [.text, .url].contains(metadata?.type) ? .text : .plain
                var candidate = valueSyntax(value, context: context)
                var typeLog = DiagnosticLog()
                TypeCheck.check(candidate, against: metadata, label: key, log: &typeLog)
                if typeLog.hasErrors { candidate = rawSyntax(value) }
                syntax = candidate
            }
            arguments.append(Argument(label: label, value: syntax, position: Self.nowhere, isRawLabel: isRawLabel))
        }
        return arguments
    }
}

extension ParameterValue {
    /// Calls `body` with every variable this value refers to.
    func forEachAttachment(_ body: (ShortcutFormat.TokenAttachment) -> Void) {
        switch self {
        case .plain, .unknown: return
        case .array(let items), .arrayState(let items): for item in items { item.forEachAttachment(body) }
        case .record(let record): for (_, value) in record { value.forEachAttachment(body) }
        case .text(let text), .bareText(let text): for (_, attachment) in text.attachments { body(attachment) }
        case .attachment(let attachment), .bareAttachment(let attachment), .variablePicker(let attachment): body(attachment)
        case .dictionaryField(let items):
            for item in items {
                item.key?.forEachAttachment(body)
                item.value?.forEachAttachment(body)
            }
        case .numberSubstitutable(let value), .serialized(_, let value): value.forEachAttachment(body)
        case .quantity(let magnitude, _): magnitude?.forEachAttachment(body)
        case .predicateTable(let table):
            for template in table.templates { for (_, value) in template { value.forEachAttachment(body) } }
        }
    }
}
