import ShortcutsContent
import ShortcutsEngine

enum WebActions {
    static let all: [ActionDefinition] = []
}
