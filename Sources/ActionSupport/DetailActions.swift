import Foundation
import ShortcutsContent
import ShortcutsEngine

/// The Get Details of … actions: one detail (`WFContentItemPropertyName`) of each input item
/// of a type, by the names Apple gives that type's properties.
package enum DetailActions {
    /// A Get Details action for items of `type`. `item` turns an input item into the one whose
    /// property is read (a text geocoded into a place); by default the item must be an entity of `type`.
    package static func make(
        _ identifier: String, title: String, of type: String, properties: [String], default first: String,
        description: String? = nil, item: (@Sendable (Content, RunContext) throws -> Content)? = nil
    ) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: identifier, title: title, description: description ?? "Outputs a detail of each \(type) in the input.",
                parameters: [
                    ParameterMetadata(key: "WFInput", title: type, type: .content, isRequired: true),
                    ParameterMetadata(
                        key: "WFContentItemPropertyName", title: "Detail", type: .enumeration, options: properties, defaultValue: first),
                ],
                inputParameter: "WFInput", outputType: "Content", outputName: "Details", keywords: ["property"])
        ) { parameters in
            let nameExpression = parameters["WFContentItemPropertyName"]
            return { input, run in
                let name = try run.text(nameExpression) ?? first
                guard properties.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) else {
                    throw ActionFailure(
                        "\"\(name.prefix(40))\" is not a detail of a \(type); it has \(properties.joined(separator: ", "))",
                        parameter: "WFContentItemPropertyName")
                }
                return Content(
                    items: try input.items.map { given in
                        if let item { return try item(given, run).property(name) }
                        guard case .entity(let entity) = given, entity.typeName == type else {
                            throw ActionFailure("expected a \(type), got \(given.quotedForError)", parameter: "WFInput")
                        }
                        return given.property(name)
                    })
            }
        }
    }
}
