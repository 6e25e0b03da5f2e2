/// Where a shortcut's file is in the library, and the name and folder that follow from it.
public struct ShortcutLocation: Hashable, Sendable {
    /// The shortcut's name: its file name without `.shortcut`.
    public var name: String
    /// The folder it is in, or `nil` for the top level.
    public var folder: String?
    /// The path relative to the library's `Shortcuts` directory, e.g. `Work/Report.shortcut`.
    public var relativePath: String
    /// The absolute path of the file.
    public var path: String
}

/// A shortcut in the library with its stable identifier.
public struct LibraryEntry: Hashable, Sendable {
    /// The UUID that `shortcuts list --show-identifiers` shows and `shortcuts run` accepts.
    public var identifier: String
    public var location: ShortcutLocation

    public var name: String { location.name }
    public var folder: String? { location.folder }
}

/// A shortcut with the details Shortcuts shows about it.
public struct ShortcutSummary: Sendable {
    public var entry: LibraryEntry
    /// The icon colour as RRGGBBAA, when the file has one.
    public var color: UInt32?
    /// The icon's glyph number, when the file has one.
    public var glyph: Int64?
    /// How many actions it has, or `nil` when its file can't be read.
    public var actionCount: Int?
    /// Whether it uses Shortcut Input.
    public var acceptsInput: Bool
    /// Where it shows up (`WFWorkflowTypes`: `MenuBar`, `QuickActions`…).
    public var types: [String] = []
    /// The content classes it accepts as input (`WFWorkflowInputContentItemClasses`).
    public var inputClasses: [String] = []
}
