import ShortcutsContent
import ShortcutsEngine

enum EncodingActions {
    static let all: [ActionDefinition] = []
}
