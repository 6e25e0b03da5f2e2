/* sd-bus loader: being written */
