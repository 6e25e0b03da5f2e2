// Kept trivial: top-level code is @MainActor; everything lives in Benchmarks.swift and friends.
Benchmarks.main(arguments: CommandLine.arguments)
