import ActionSupport
import ShortcutsContent
import ShortcutsEngine

/// `WFItemSpecifier` of Get Item from List.
enum ItemSpecifier: String, ParameterOption {
    case first = "First Item"
    case last = "Last Item"
    case random = "Random Item"
    case index = "Item At Index"
    case range = "Items in Range"
}

/// Lists: List, Get Item from List and Choose from List.
enum ListActions {
    static let all: [ActionDefinition] = [list, getItem, chooseFromList]

    static let list = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.list", title: "List",
            description: "Passes a list of items to the next action.",
            parameters: [ParameterMetadata(key: "WFItems", title: "Items", type: .list, isList: true)],
            outputType: "Text", outputName: "List")
    ) { parameters in
        let items = parameters["WFItems"]
        return { _, run in
            switch items {
            case .absent: return .list([])
            case .list(let expressions): return .list(try expressions.map { try run.content($0) })
            default: return .list(try run.content(items).items)
            }
        }
    }

    static let getItem = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getitemfromlist", title: "Get Item from List",
            description:
                "Returns the first, last, a random item, the item at an index (1 is the first, -1 the last) or the items in a range of the list.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "List", type: .content, isRequired: true, isList: true),
                .option("WFItemSpecifier", title: "Get", default: ItemSpecifier.first),
                ParameterMetadata(key: "WFItemIndex", title: "Index", type: .integer, defaultValue: "1"),
                ParameterMetadata(key: "WFItemRangeStart", title: "Start Index", type: .integer, defaultValue: "1"),
                ParameterMetadata(key: "WFItemRangeEnd", title: "End Index", type: .integer),
            ],
            inputParameter: "WFInput", outputType: "Content", outputName: "Item from List")
    ) { parameters in
        let specifier = OptionParameter(parameters, "WFItemSpecifier", default: ItemSpecifier.first)
        let index = NumberActions.numericConstant(parameters["WFItemIndex"])
        let start = NumberActions.numericConstant(parameters["WFItemRangeStart"])
        let end = NumberActions.numericConstant(parameters["WFItemRangeEnd"])
        return { input, run in
            let items = input.items
            switch try specifier.value(in: run) {
            case .first: return items.first ?? .nothing
            case .last: return items.last ?? .nothing
            case .random: return items.randomElement() ?? .nothing
            case .index:
                let position = try ListActions.position(
                    try run.number(index, parameter: "WFItemIndex") ?? 1, in: items, parameter: "WFItemIndex")
                return items[position]
            case .range:
                let lower = try ListActions.position(
                    try run.number(start, parameter: "WFItemRangeStart") ?? 1, in: items, parameter: "WFItemRangeStart")
                let upper = try ListActions.position(
                    try run.number(end, parameter: "WFItemRangeEnd") ?? Double(items.count), in: items, parameter: "WFItemRangeEnd")
                guard lower <= upper else {
                    throw ActionFailure(
                        "the range ends (item \(upper + 1)) before it starts (item \(lower + 1))", parameter: "WFItemRangeEnd")
                }
                return .list(Array(items[lower...upper]))
            }
        }
    }

    /// The array position of a 1-based index; negative indexes count from the end (-1 is the last item).
    ///
    /// - Throws: ``ActionFailure`` naming the parameter when the index is not in the list.
    static func position(_ index: Double, in items: [Content], parameter: String) throws -> Int {
        guard index == index.rounded(), index.magnitude <= Double(Int32.max) else {
            throw ActionFailure("expected a whole number, got \(NumberText.format(index))", parameter: parameter)
        }
        let whole = Int(index)
        let position = whole < 0 ? items.count + whole : whole - 1
        guard whole != 0, items.indices.contains(position) else {
            let size =
                items.isEmpty
                ? "the list is empty"
                : "the list has \(items.count) item\(items.count == 1 ? "" : "s") (1 to \(items.count), or -1 to -\(items.count) from the end)"
            throw ActionFailure("index \(whole) is out of range: \(size)", parameter: parameter)
        }
        return position
    }

    static let chooseFromList = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.choosefromlist", title: "Choose from List",
            description: "Asks to choose one item, or several, from the list and passes the chosen items on.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "List", type: .content, isRequired: true, isList: true),
                ParameterMetadata(key: "WFChooseFromListActionPrompt", title: "Prompt", type: .text),
                ParameterMetadata(
                    key: "WFChooseFromListActionSelectMultiple", title: "Select Multiple", type: .boolean, defaultValue: "false"),
                ParameterMetadata(
                    key: "WFChooseFromListActionSelectAll", title: "Select All Initially", type: .boolean, defaultValue: "false"),
            ],
            inputParameter: "WFInput", outputType: "Content", outputName: "Chosen Item", isReadOnly: true,
            summary: "Choose from ${WFInput}")
    ) { parameters in
        let prompt = parameters["WFChooseFromListActionPrompt"]
        let multiple = parameters["WFChooseFromListActionSelectMultiple"]
        return { input, run in
            let items = input.items
            guard !items.isEmpty else {
                throw ActionFailure("there is nothing to choose from: the list is empty", parameter: "WFInput")
            }
            let selectsMultiple = try run.bool(multiple) ?? false
            let chosen = try run.environment.prompter.choose(
                try run.text(prompt) ?? "", options: items.map(\.text), multiple: selectsMultiple)
            let picked = chosen.filter(items.indices.contains).map { items[$0] }
            guard !picked.isEmpty else { throw ActionFailure("nothing was chosen", code: .cancelled) }
            return selectsMultiple ? .list(picked) : picked[0]
        }
    }
}
