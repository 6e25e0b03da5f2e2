import ActionSupport

/// Scripts: shell and other interpreters, SSH, and Automator's actions.
package enum ScriptCatalog {
    /// Its actions, group by group, each made when first asked for.
    package static let groups: [CatalogGroup] = [
        { ScriptActions.all.listed(under: .scripting) },
        { SSHActions.all.listed(under: .scripting) },
        { AutomatorActions.all.listed(under: .scripting) },
    ]

    package static var entries: [CatalogEntry] { groups.entries }
}
