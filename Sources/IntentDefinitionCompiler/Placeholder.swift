// IntentDefinitionCompiler: being written
