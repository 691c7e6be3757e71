from d.d import D
