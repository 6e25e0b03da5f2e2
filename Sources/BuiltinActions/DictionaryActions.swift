import ShortcutsContent
import ShortcutsEngine

enum DictionaryActions {
    static let all: [ActionDefinition] = []
}
