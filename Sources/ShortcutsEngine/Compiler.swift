import ShortcutFormat
import ShortcutsContent

/// Turns a ``Workflow`` into a ``Program``: matches blocks by `GroupingIdentifier`, resolves
/// output UUIDs and variable names to slots, and prepares each action once.
struct Compiler {
    let sources: [any ActionSource]
    let shortcutName: String?

    private var outputSlots: [String: Int] = [:]
    private var variableSlots: [String: Int] = [:]
    private var variableNames: [String] = []
    private var warnings: [String] = []

    init(sources: [any ActionSource], shortcutName: String?) {
        self.sources = sources
        self.shortcutName = shortcutName
    }

    mutating func compile(_ workflow: Workflow) throws(RunError) -> Program {
        let actions = workflow.actions
        // Output slots first, so references to later actions (which hold nothing yet) resolve too.
        for action in actions {
            if let uuid = action.uuid, outputSlots[uuid] == nil { outputSlots[uuid] = outputSlots.count }
        }
        for action in actions where ["is.workflow.actions.setvariable", "is.workflow.actions.appendvariable"].contains(action.identifier) {
            if let name = action.parameters["WFVariableName"].flatMap(Self.plainText) { _ = slot(forVariable: name) }
        }

        var instructions: [Instruction] = []
        instructions.reserveCapacity(actions.count)
        let matched = BlockMatcher.match(actions)
        let roles = matched.roles(count: actions.count)
        let problems = matched.problems

        for (offset, action) in actions.enumerated() {
            if let problem = problems.first, problem.action == offset { throw error(problem, in: workflow) }
            guard let role = roles[offset] else {
                // An ordinary action (a control-flow action out of place was a problem above).
                instructions.append(.action(try step(for: action, index: offset + 1)))
                continue
            }
            switch role.mode {
            case .start, .middle:
                instructions.append(.otherwise(end: -1))  // placeholder, patched at the block's end
            case .end:
                let outputSlot = action.uuid.flatMap { outputSlots[$0] }
                instructions.append(.blockEnd(ControlStep(outputSlot: outputSlot)))
                try close(matched.blocks[role.block], end: offset, workflow: workflow, into: &instructions)
            }
        }
        if let problem = problems.first { throw error(problem, in: workflow) }
        // Shortcuts closes blocks left open at the end of a shortcut; so do we, innermost first.
        for block in matched.blocks.reversed() where block.end == nil {
            let end = instructions.count
            instructions.append(.blockEnd(ControlStep(outputSlot: nil)))
            try close(block, end: end, workflow: workflow, into: &instructions)
            warnings.append(
                "the block started at action \(block.start + 1) has no End; it is closed at the end of the shortcut")
        }
        let described = actions.map { action in
            (action.identifier, ControlFlowBlock.title(of: action) ?? stepTitle(action))
        }
        return Program(
            name: shortcutName, instructions: instructions, actions: described, outputSlotCount: outputSlots.count,
            variableSlotCount: variableNames.count, variableNames: variableNames, warnings: warnings)
    }

    /// The error for an action that doesn't fit a block.
    private func error(_ problem: BlockMatcher.Problem, in workflow: Workflow) -> RunError {
        let action = workflow.actions[problem.action]
        let message: String
        var index = problem.action + 1
        switch problem {
        case .noStart(_, let mode):
            message =
                "this \(mode == .end ? "End" : "Otherwise/menu case") has no matching start of its block (GroupingIdentifier \(action.groupingIdentifier ?? "missing"))"
        case .closesOuterFirst(_, let innerStart):
            message = "this block ends before the block started at action \(innerStart + 1) is closed"
        case .tooManyMiddles(_, let start, let count):
            let kind = ControlFlowBlock(identifier: action.identifier)
            index = start + 1
            message =
                kind == .conditional
                ? "this If has \(count) Otherwise actions; it may have one"
                : "this \(kind?.title(.start) ?? "block") has \(count) middle action\(count == 1 ? "" : "s") (Otherwise or a menu case); it may have none"
        }
        return RunError(.invalidShortcut, message, shortcut: shortcutName, actionIndex: index, actionIdentifier: action.identifier)
    }

    /// Fills in a finished block's start, middle and end instructions.
    private mutating func close(
        _ block: BlockMatcher.Block, end: Int, workflow: Workflow, into instructions: inout [Instruction]
    ) throws(RunError) {
        let startAction = workflow.actions[block.start]
        let index = block.start + 1
        let endStep: ControlStep
        if case .blockEnd(let step) = instructions[end] { endStep = step } else { return }
        switch block.kind {
        case .conditional:
            let condition = try self.condition(for: startAction, index: index)
            let elseTarget = block.middles.first.map { $0 + 1 } ?? end
            instructions[block.start] = .ifStart(condition: condition, elseTarget: elseTarget)
            for middle in block.middles { instructions[middle] = .otherwise(end: end) }
        case .menu:
            let parameters = startAction.parameters
            var cases: [(ParameterExpression, Int)] = []
            for middle in block.middles {
                let caseAction = workflow.actions[middle]
                let title = caseAction.parameters["WFMenuItemTitle"] ?? caseAction.parameters["WFMenuItemAttributedTitle"]
                cases.append((expression(title), middle))
                instructions[middle] = .menuCase(end: end)
            }
            instructions[block.start] = .menuStart(MenuStart(prompt: expression(parameters["WFMenuPrompt"]), cases: cases, end: end))
        case .repeatCount, .repeatEach:
            let parameters = startAction.parameters
            let source: RepeatStart.Source =
                block.kind == .repeatCount
                ? .count(expression(parameters["WFRepeatCount"])) : .each(expression(parameters["WFInput"]))
            instructions[block.start] = .repeatStart(RepeatStart(source: source, end: end))
            instructions[end] = .repeatEnd(start: block.start, step: endStep)
        }
    }

    private mutating func condition(for action: WorkflowAction, index: Int) throws(RunError) -> Condition {
        let parameters = action.parameters
        if case .predicateTable(let table)? = parameters["WFConditions"] {
            var clauses: [Condition.Clause] = []
            for template in table.templates { clauses.append(try clause(template, action: action, index: index)) }
            return Condition(requiresAll: table.requiresAll, clauses: clauses)
        }
        return Condition(requiresAll: true, clauses: [try clause(parameters, action: action, index: index)])
    }

    private mutating func clause(_ parameters: ParameterDictionary, action: WorkflowAction, index: Int) throws(RunError) -> Condition.Clause
    {
        guard let comparison = ConditionCode(code: parameters["WFCondition"]) else {
            throw RunError(
                .invalidShortcut, "unknown condition \(parameters["WFCondition"].map { "\($0.propertyList)" } ?? "")",
                shortcut: shortcutName, actionIndex: index, actionIdentifier: action.identifier, parameter: "WFCondition")
        }
        return Condition.Clause(
            input: expression(parameters["WFInput"]), comparison: comparison,
            text: expression(parameters["WFConditionalActionString"]),
            number: expression(parameters["WFNumberValue"]),
            anotherNumber: expression(parameters["WFAnotherNumber"]),
            date: expression(parameters["WFDate"]),
            anotherDate: expression(parameters["WFAnotherDate"]),
            boolean: expression(parameters["WFBooleanValue"]),
            enumeration: expression(parameters["WFEnumerationValue"]),
            duration: expression(parameters["WFDuration"]),
            unit: expression(parameters["WFUnit"] ?? parameters["WFConditionalDateUnit"]))
    }

    /// Prepares an ordinary action from the first source that knows it.
    private mutating func step(for action: WorkflowAction, index: Int) throws(RunError) -> ActionStep {
        let definition = sources.lazy.compactMap { $0.definition(for: action.identifier) }.first
        var compiled: [String: ParameterExpression] = [:]
        for (key, value) in action.parameters {
            if let problem = Self.unreadableText(value) {
                throw RunError(
                    .invalidShortcut, problem, shortcut: shortcutName, actionIndex: index, actionIdentifier: action.identifier,
                    actionTitle: stepTitle(action), parameter: key)
            }
            compiled[key] = expression(value)
        }
        let parameters = CompiledParameters(raw: action.parameters, expressions: compiled, variableSlots: variableSlots)
        let outputSlot = action.uuid.flatMap { outputSlots[$0] }
        guard let definition else {
            let identifier = action.identifier
            let isApp = !identifier.hasPrefix(WorkflowAction.builtinPrefix)
            let body: ActionBody = { _, _ in
                throw ActionFailure(
                    isApp
                        ? "this app action isn't available: no installed app provides \(identifier)"
                        : "this action isn't available on Linux",
                    code: .unsupportedAction)
            }
            return ActionStep(
                body: body, input: .absent,
                outputSlot: outputSlot, passesInputThrough: false)
        }
        let metadata = definition.metadata
        let body: ActionBody
        do {
            body = try definition.prepare(parameters)
        } catch {
            throw RunError(
                error, shortcut: shortcutName, actionIndex: index, actionIdentifier: action.identifier, actionTitle: metadata.title)
        }
        let input = metadata.inputParameter.map { parameters[$0] } ?? .absent
        return ActionStep(
            body: body, input: input,
            outputSlot: outputSlot, passesInputThrough: definition.passesInputThrough)
    }

    /// Why a text with variables couldn't be read (the reader kept it as it was), or `nil`: a
    /// variable's range that isn't two non-negative numbers within `Int`, such as `{9223372036854775807, 1}`.
    static func unreadableText(_ value: ParameterValue) -> String? {
        guard case .serialized("WFTextTokenString", .record(let fields)) = value,
            case .record(let ranges)? = fields["attachmentsByRange"]
        else { return nil }
        guard let bad = ranges.keys.first(where: { TokenString.Range(key: $0) == nil }) else { return nil }
        let shown = bad.count > 40 ? String(bad.prefix(40)) + "…" : bad
        return
            "the text's variable at range \(shown.debugDescription) can't be read (a range is {location, length} within the text); the file is damaged: insert the variable again in the editor"
    }

    private func stepTitle(_ action: WorkflowAction) -> String {
        for source in sources {
            if let definition = source.definition(for: action.identifier) { return definition.metadata.title }
        }
        return Self.title(forUnknown: action)
    }

    /// A readable title for an action nobody provides: its App Intent name or the identifier's last part.
    static func title(forUnknown action: WorkflowAction) -> String {
        if case .record(let descriptor)? = action.parameters["AppIntentDescriptor"],
            let name = descriptor["AppIntentIdentifier"]?.stringValue
        {
            return name
        }
        return action.identifier.split(separator: ".").last.map(String.init) ?? action.identifier
    }

    // MARK: Expressions

    private mutating func expression(_ value: ParameterValue?) -> ParameterExpression {
        guard let value else { return .absent }
        switch value {
        case .plain(let plain):
            switch plain {
            case .string(let string): return .constant(.text(string))
            case .integer(let integer): return .constant(.number(Double(integer)))
            case .real(let real): return .constant(.number(real))
            case .boolean(let boolean): return .constant(.boolean(boolean))
            case .date(let date): return .constant(.date(date))
            default: return .structured(value)
            }
        case .array(let items), .arrayState(let items): return .list(items.map { expression($0) })
        case .text(let text), .bareText(let text): return textExpression(text)
        case .attachment(let attachment), .bareAttachment(let attachment), .variablePicker(let attachment):
            return .reference(reference(attachment), attachment.aggrandizements)
        case .numberSubstitutable(let inner), .serialized(_, let inner): return expression(inner)
        case .quantity(let magnitude, let unit): return .quantity(expression(magnitude), unit: unit)
        case .dictionaryField(let items):
            return .dictionary(
                items.map { item in
                    DictionaryEntry(key: expression(item.key), value: expression(item.value), itemType: item.itemType)
                })
        case .record(let record):
            // A list item or dictionary item written as {WFItemType, WFValue}.
            if let inner = record["WFValue"], record["WFItemType"] != nil, record.count == 2 { return expression(inner) }
            return .record(compiled(record))
        case .predicateTable(let table):
            return .predicates(PredicateTableExpression(requiresAll: table.requiresAll, templates: table.templates.map { compiled($0) }))
        case .unknown: return .structured(value)
        }
    }

    private mutating func compiled(_ record: ParameterDictionary) -> [String: ParameterExpression] {
        var entries: [String: ParameterExpression] = [:]
        for (key, value) in record { entries[key] = expression(value) }
        return entries
    }

    private mutating func textExpression(_ text: TokenString) -> ParameterExpression {
        var pieces: [TextPiece] = []
        for segment in text.segments {
            switch segment {
            case .literal(let literal): pieces.append(.literal(literal))
            case .variable(let attachment): pieces.append(.reference(reference(attachment), attachment.aggrandizements))
            }
        }
        if pieces.isEmpty { return .constant(.text("")) }
        // Text that is exactly one variable is that variable, keeping its type (a URL stays a URL).
        if pieces.count == 1, case .reference(let reference, let aggrandizements) = pieces[0] {
            return .reference(reference, aggrandizements)
        }
        if pieces.count == 1, case .literal(let literal) = pieces[0] { return .constant(.text(literal)) }
        return .text(pieces)
    }

    private mutating func reference(_ attachment: TokenAttachment) -> Reference {
        switch attachment.kind {
        case .actionOutput(let uuid, let name):
            if let slot = outputSlots[uuid] { return .output(slot: slot) }
            warnings.append("a variable refers to the output of an action that is not in this shortcut (\(name ?? uuid))")
            return .missingOutput(name: name ?? uuid)
        case .variable(let name):
            if variableSlots[name] == nil, let special = Self.specialVariable(name) { return special }
            return .variable(slot: slot(forVariable: name))
        case .extensionInput: return .shortcutInput
        case .currentDate: return .currentDate
        case .clipboard: return .clipboard
        case .ask: return .ask(prompt: attachment.prompt)
        case .deviceDetails: return .deviceDetails
        case .other("Input"): return .shortcutInput
        case .other(let type): return .unsupported(type: type)
        }
    }

    /// Names that mean special variables when no Set Variable uses them.
    static func specialVariable(_ name: String) -> Reference? {
        for (prefix, make) in [("Repeat Item", Reference.repeatItem), ("Repeat Index", Reference.repeatIndex)] {
            guard name.hasPrefix(prefix) else { continue }
            let rest = name.dropFirst(prefix.count).filter { $0 != " " }
            if rest.isEmpty { return make(1) }
            if let depth = Int(rest), depth >= 1 { return make(depth) }
        }
        switch name {
        case "Shortcut Input", "Input": return .shortcutInput
        case "Current Date": return .currentDate
        case "Clipboard": return .clipboard
        default: return nil
        }
    }

    private mutating func slot(forVariable name: String) -> Int {
        if let slot = variableSlots[name] { return slot }
        let slot = variableNames.count
        variableSlots[name] = slot
        variableNames.append(name)
        return slot
    }

    static func plainText(_ value: ParameterValue) -> String? {
        switch value {
        case .plain(.string(let string)): return string
        case .text(let text), .bareText(let text): return text.attachments.isEmpty ? text.string : nil
        default: return nil
        }
    }
}
