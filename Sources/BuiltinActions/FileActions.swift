import ShortcutsContent
import ShortcutsEngine

enum FileActions {
    static let all: [ActionDefinition] = []
}
