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

    static let controlFlowIdentifiers: Set<String> = [
        "is.workflow.actions.conditional", "is.workflow.actions.repeat.count",
        "is.workflow.actions.repeat.each", "is.workflow.actions.choosefrommenu",
    ]

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
        // Open blocks: the grouping identifier, the start instruction and its middle markers.
        var open: [(group: String?, identifier: String, start: Int, middles: [Int])] = []

        for (offset, action) in actions.enumerated() {
            let index = offset + 1
            guard Self.controlFlowIdentifiers.contains(action.identifier) else {
                instructions.append(.action(try step(for: action, index: index)))
                continue
            }
            let mode = action.controlFlowMode ?? .start
            switch mode {
            case .start:
                open.append((action.groupingIdentifier, action.identifier, instructions.count, []))
                instructions.append(.otherwise(end: -1))  // placeholder, patched at the block's end
            case .middle, .end:
                guard let position = open.lastIndex(where: { $0.group == action.groupingIdentifier && $0.identifier == action.identifier })
                else {
                    throw RunError(
                        .invalidShortcut,
                        "this \(mode == .end ? "End" : "Otherwise/menu case") has no matching start of its block (GroupingIdentifier \(action.groupingIdentifier ?? "missing"))",
                        shortcut: shortcutName, actionIndex: index, actionIdentifier: action.identifier)
                }
                if position != open.count - 1 {
                    let inner = open[open.count - 1]
                    throw RunError(
                        .invalidShortcut,
                        "this block ends before the block started at action \(actionIndex(of: inner.start, in: instructions)) is closed",
                        shortcut: shortcutName, actionIndex: index, actionIdentifier: action.identifier)
                }
                if mode == .middle {
                    open[position].middles.append(instructions.count)
                    instructions.append(.otherwise(end: -1))
                } else {
                    let block = open.removeLast()
                    let end = instructions.count
                    let outputSlot = action.uuid.flatMap { outputSlots[$0] }
                    instructions.append(.blockEnd(ControlStep(outputSlot: outputSlot)))
                    try close(block, end: end, workflow: workflow, into: &instructions)
                }
            }
        }
        // Shortcuts closes blocks left open at the end of a shortcut; so do we.
        while let block = open.popLast() {
            let end = instructions.count
            instructions.append(.blockEnd(ControlStep(outputSlot: nil)))
            try close(block, end: end, workflow: workflow, into: &instructions)
            warnings.append(
                "the block started at action \(actionIndex(of: block.start, in: instructions)) has no End; it is closed at the end of the shortcut"
            )
        }
        let described = actions.map { action in
            (action.identifier, Self.controlFlowTitle(action) ?? stepTitle(action))
        }
        return Program(
            name: shortcutName, instructions: instructions, actions: described, outputSlotCount: outputSlots.count,
            variableSlotCount: variableNames.count, variableNames: variableNames, warnings: warnings)
    }

    private func actionIndex(of instruction: Int, in instructions: [Instruction]) -> Int {
        // Instructions map one to one onto actions.
        instruction + 1
    }

    /// Fills in a finished block's start, middle and end instructions.
    private mutating func close(
        _ block: (group: String?, identifier: String, start: Int, middles: [Int]), end: Int,
        workflow: Workflow, into instructions: inout [Instruction]
    ) throws(RunError) {
        let startAction = workflow.actions[block.start]
        let index = block.start + 1
        let endStep: ControlStep
        if case .blockEnd(let step) = instructions[end] { endStep = step } else { return }
        switch block.identifier {
        case "is.workflow.actions.conditional":
            if block.middles.count > 1 {
                throw RunError(
                    .invalidShortcut, "this If has \(block.middles.count) Otherwise actions; it may have one",
                    shortcut: shortcutName, actionIndex: index, actionIdentifier: startAction.identifier)
            }
            let condition = try self.condition(for: startAction, index: index)
            let elseTarget = block.middles.first.map { $0 + 1 } ?? end
            instructions[block.start] = .ifStart(condition: condition, elseTarget: elseTarget)
            for middle in block.middles { instructions[middle] = .otherwise(end: end) }
        case "is.workflow.actions.choosefrommenu":
            let parameters = startAction.parameters
            var cases: [(ParameterExpression, Int)] = []
            for middle in block.middles {
                let caseAction = workflow.actions[middle]
                let title = caseAction.parameters["WFMenuItemTitle"] ?? caseAction.parameters["WFMenuItemAttributedTitle"]
                cases.append((expression(title), middle))
                instructions[middle] = .menuCase(end: end)
            }
            instructions[block.start] = .menuStart(MenuStart(prompt: expression(parameters["WFMenuPrompt"]), cases: cases, end: end))
        default:
            let parameters = startAction.parameters
            let source: RepeatStart.Source =
                block.identifier == "is.workflow.actions.repeat.count"
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
        guard let comparison = Comparison(code: parameters["WFCondition"]) else {
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
        for (key, value) in action.parameters { compiled[key] = expression(value) }
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

    /// The title of an If, Otherwise, End If, Repeat… by the action's place in its block.
    static func controlFlowTitle(_ action: WorkflowAction) -> String? {
        let mode = action.controlFlowMode ?? .start
        switch (action.identifier, mode) {
        case ("is.workflow.actions.conditional", .start): return "If"
        case ("is.workflow.actions.conditional", .middle): return "Otherwise"
        case ("is.workflow.actions.conditional", .end): return "End If"
        case ("is.workflow.actions.repeat.count", .end), ("is.workflow.actions.repeat.each", .end): return "End Repeat"
        case ("is.workflow.actions.repeat.count", _): return "Repeat"
        case ("is.workflow.actions.repeat.each", _): return "Repeat with Each"
        case ("is.workflow.actions.choosefrommenu", .start): return "Choose from Menu"
        case ("is.workflow.actions.choosefrommenu", .middle): return "Menu Item"
        case ("is.workflow.actions.choosefrommenu", .end): return "End Menu"
        default: return nil
        }
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
