import MSelectTerminal

CurrentProcess.exit(App.run().rawValue)
