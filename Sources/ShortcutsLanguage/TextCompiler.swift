import FoundationEssentials
import PropertyList
import ShortcutFormat
import ShortcutsContent

/// Turns a parsed ``SourceFile`` into a `Workflow`: resolves names against the vocabulary,
/// binds outputs to fresh UUIDs, expands blocks into their start, middle and end actions, and
/// checks parameters against the metadata.
struct TextCompiler {
    let vocabulary: Vocabulary
    var values: ValueCompiler
    var actions: [WorkflowAction] = []
    var settings = Workflow.defaultSettings
    var makeUUID: () -> String = { UUID().uuidString }
    /// The UUID each binding gets, by the binding's position, chosen before compiling.
    private var plannedUUIDs: [SourcePosition: String] = [:]

    init(vocabulary: Vocabulary, log: DiagnosticLog) {
        self.vocabulary = vocabulary
        values = ValueCompiler(log: log)
    }

    var log: DiagnosticLog {
        get { values.log }
        set { values.log = newValue }
    }

    mutating func compile(_ file: SourceFile) -> Workflow {
        collectBindings(file.statements)
        let directives = DirectiveCompiler()
        for statement in file.statements {
            if case .directive(let directive) = statement {
                directives.apply(directive, to: &settings, values: &values)
            }
        }
        compile(file.statements)
        return Workflow(actions: actions, settings: settings)
    }

    /// Gives every binding its UUID up front, so `#uuid(name)` may refer forward.
    private mutating func collectBindings(_ statements: [Statement]) {
        for statement in statements {
            switch statement {
            case .action(let action):
                if let binding = action.binding { plan(binding) }
            case .block(let block): collectBindings(block)
            default: break
            }
        }
    }

    private mutating func collectBindings(_ block: BlockStatement) {
        if let binding = block.binding { plan(binding) }
        collectBindings(block.body)
        for menuCase in block.cases { collectBindings(menuCase.body) }
        switch block.otherwise {
        case .body(let body, _)?: collectBindings(body)
        case .elseIf(let inner)?: collectBindings(inner)
        case nil: break
        }
    }

    private mutating func plan(_ binding: Binding) {
        let uuid = makeUUID()
        plannedUUIDs[binding.position] = uuid
        if let name = binding.name, values.laterBindings[name] == nil { values.laterBindings[name] = (uuid, binding.position) }
    }

    mutating func compile(_ statements: [Statement]) {
        for statement in statements {
            switch statement {
            case .action(let action): compile(action)
            case .block(let block): compile(block)
            case .directive, .comment, .blank: break
            }
        }
    }

    private mutating func compile(_ statement: ActionStatement) {
        let entry: Vocabulary.Entry
        if statement.isRawName {
            entry = vocabulary.entry(for: statement.name)
        } else if let identifiers = vocabulary.identifiersByName[statement.name] {
            guard identifiers.count == 1 else {
                log.error(
                    "'\(statement.name)' names several actions (\(identifiers.joined(separator: ", "))); write the identifier instead",
                    at: statement.position)
                return
            }
            entry = vocabulary.entry(for: identifiers[0])
        } else {
            log.error(
                "unknown action '\(statement.name)'\(Suggestion.didYouMean(statement.name, among: vocabulary.friendlyNames)) (write an action by its identifier, e.g. is.workflow.actions.gettext, to use one not in the catalog)",
                at: statement.position)
            return
        }
        if statement.isRawName, entry.metadata == nil, ControlFlow.kind(of: entry.identifier) == nil {
            log.warning(
                "'\(entry.identifier)' is not in any action catalog here; it is kept as written but can't run on this machine",
                at: statement.position)
        }
        var action = WorkflowAction(identifier: entry.identifier)
        action.parameters = parameters(statement.arguments, entry: entry, extra: &action.extra, what: statement.name)
        bind(statement.binding, to: &action, defaultName: entry.defaultOutputName)
        actions.append(action)
    }

    /// Sets the action's `UUID` and binds the name to it.
    mutating func bind(_ binding: Binding?, to action: inout WorkflowAction, defaultName: String?) {
        guard let binding else { return }
        let uuid = plannedUUIDs[binding.position] ?? makeUUID()
        action.parameters["UUID"] = .plain(.string(uuid))
        if let name = binding.name {
            values.bindings[name] = BoundOutput(uuid: uuid, outputName: binding.outputName ?? defaultName ?? name)
        }
    }

    /// The parameters of an action from its arguments, checked against the entry's metadata.
    mutating func parameters(_ arguments: [Argument], entry: Vocabulary.Entry, extra: inout PropertyListDictionary, what: String)
        -> ParameterDictionary
    {
        var parameters = ParameterDictionary()
        for (offset, argument) in arguments.enumerated() {
            if argument.label == "#extra" {
                if let fields = values.plist(argument.value)?.dictionaryValue { extra = fields }
                continue
            }
            guard let key = key(for: argument, at: offset, entry: entry, what: what) else { continue }
            if parameters[key] != nil {
                log.error("the parameter '\(argument.label ?? key)' is given twice", at: argument.position)
                continue
            }
            let metadata = entry.metadata?.parameter(key)
            if key == "WFCondition", case .variable(let word) = argument.value, word.postfixes.isEmpty,
                case .output(let name) = word.base, let code = ControlFlow.comparisonCode(name)
            {
                parameters[key] = .plain(.integer(code))
                continue
            }
            TypeCheck.check(argument.value, against: metadata, label: argument.label ?? entry.labelsByKey[key] ?? key, log: &log)
            let context: ValueContext = [.text, .url].contains(metadata?.type) ? .text : .plain
            if let value = values.parameterValue(argument.value, context: context) { parameters[key] = value }
        }
        return parameters
    }

    private mutating func key(for argument: Argument, at offset: Int, entry: Vocabulary.Entry, what: String) -> String? {
        guard let label = argument.label else {
            guard offset == 0, let primary = entry.primaryKey else {
                log.error(
                    "expected a label before this value (\(offset == 0 ? "\(what) has no main parameter" : "only the first argument may be unlabeled")), such as key: value",
                    at: argument.position)
                return nil
            }
            return primary
        }
        if argument.isRawLabel { return label }
        if let key = entry.key(forLabel: label) { return key }
        guard let metadata = entry.metadata else { return label }
        let known = metadata.parameters.map { entry.labelsByKey[$0.key] ?? $0.key }
        let looksRaw = label.first?.isUppercase == true
        if let close = Suggestion.closest(to: label, among: known + metadata.parameters.map(\.key)), close != label,
            !looksRaw || close.first?.isUppercase == true
        {
            log.error("unknown parameter '\(label)' of \(what); did you mean '\(close)'?", at: argument.position)
            return nil
        }
        if looksRaw { return label }  // a key Shortcuts writes that the catalog doesn't describe
        log.error("unknown parameter '\(label)' of \(what); it takes \(known.joined(separator: ", "))", at: argument.position)
        return nil
    }
}
