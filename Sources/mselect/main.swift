import Glibc

exit(App.run().rawValue)
