import ShortcutsEngine

/// The sections of Shortcuts' action library a built-in action is listed under.
package enum ActionCategory: String, Sendable, CaseIterable {
    case intelligence = "Apple Intelligence"
    case calendar = "Calendar", documents = "Documents", location = "Location", media = "Media"
    case scripting = "Scripting", sharing = "Sharing", web = "Web"
}

/// One built-in action as its family exports it: the definition the engine runs, and the
/// section of the action library it is listed under.
///
/// ```swift
/// static let groups: [CatalogGroup] = [{ TextActions.all.listed(under: .documents) }, { NumberActions.all.listed(under: .scripting) }]
/// ```
package struct CatalogEntry: Sendable {
    package var definition: ActionDefinition
    package var category: ActionCategory

    package init(_ definition: ActionDefinition, _ category: ActionCategory) {
        self.definition = definition
        self.category = category
    }

    package var identifier: String { definition.metadata.identifier }
}

/// Some of a family's actions, made when first asked for: a run makes only the groups its
/// actions are in (`Builtins.groupOfIdentifier` finds them), not all 300 actions.
package typealias CatalogGroup = @Sendable () -> [CatalogEntry]

extension Array where Element == CatalogGroup {
    /// Every group's entries, in one list.
    package var entries: [CatalogEntry] { flatMap { $0() } }
}

extension Array where Element == ActionDefinition {
    /// These definitions, each listed under `category`.
    package func listed(under category: ActionCategory) -> [CatalogEntry] { map { CatalogEntry($0, category) } }

    /// These actions as one app's own (`shortcuts actions` and the editor name the app).
    package func inApp(_ app: String) -> [ActionDefinition] {
        map { definition in
            var definition = definition
            definition.metadata.app = app
            return definition
        }
    }
}
