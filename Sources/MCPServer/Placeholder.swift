// MCPServer: being written
