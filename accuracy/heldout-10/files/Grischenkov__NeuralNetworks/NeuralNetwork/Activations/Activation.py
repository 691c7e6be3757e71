class Activation:
    def function(x):
        pass
    def derivative(x):
        pass