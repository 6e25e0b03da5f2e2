import ShortcutsContent
import ShortcutsEngine

enum TextActions {
    static let all: [ActionDefinition] = []
}
