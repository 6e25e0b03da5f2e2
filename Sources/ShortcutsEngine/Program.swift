import ShortcutFormat
import ShortcutsContent

/// A shortcut compiled for running: a flat list of instructions with jumps resolved, and the
/// number of variable and output slots the run needs.
///
/// Compile once, run many times: a program holds no run state.
public struct Program: Sendable {
    /// The shortcut's name or file, for error messages.
    public var name: String?
    let instructions: [Instruction]
    /// For each instruction (one per action), the action's identifier and title, for errors.
    let actions: [(identifier: String, title: String)]
    let outputSlotCount: Int
    let variableSlotCount: Int
    /// Named variables by slot, for traces and debugging.
    let variableNames: [String]
    /// Problems found while compiling that don't stop the run (a reference to a missing action…).
    public let warnings: [String]

    /// The identifier of the action at `index` (counting from 0), for traces.
    public func actionIdentifier(at index: Int) -> String? {
        actions.indices.contains(index) ? actions[index].identifier : nil
    }
}

/// One instruction of a ``Program``.
enum Instruction: Sendable {
    case action(ActionStep)
    /// If: when the condition fails, jump to `elseTarget` (after Otherwise, or the End If).
    case ifStart(condition: Condition, elseTarget: Int)
    /// Otherwise reached after the true branch: jump to the End If.
    case otherwise(end: Int)
    /// End If or End Menu: the block's output is the last output of the branch taken.
    case blockEnd(ControlStep)
    case repeatStart(RepeatStart)
    case repeatEnd(start: Int, step: ControlStep)
    case menuStart(MenuStart)
    /// A menu case reached after the previous case's actions: jump to End Menu.
    case menuCase(end: Int)
}

/// The output slot of a block's End action.
struct ControlStep: Sendable {
    let outputSlot: Int?
}

/// An ordinary action, prepared.
struct ActionStep: Sendable {
    let body: ActionBody
    /// The input parameter's expression; absent means the previous action's output.
    let input: ParameterExpression
    let outputSlot: Int?
    let passesInputThrough: Bool
}

struct RepeatStart: Sendable {
    enum Source: Sendable {
        case count(ParameterExpression)
        case each(ParameterExpression)
    }
    let source: Source
    /// The Repeat's End instruction.
    let end: Int
}

struct MenuStart: Sendable {
    let prompt: ParameterExpression
    /// Each case's title and the instruction index of its case marker.
    let cases: [(title: ParameterExpression, target: Int)]
    let end: Int
}
