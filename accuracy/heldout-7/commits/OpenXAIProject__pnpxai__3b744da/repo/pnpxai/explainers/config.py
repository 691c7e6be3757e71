default_attribute_kwargs = dict(
    IntegratedGradients=dict(
        n_steps=50,
    ),
    LRP=dict(
    ),
    KernelShap=dict(
        n_samples=25,
    ),
    Lime=dict(
        n_samples=25,
    ),
    GuidedGradCam=dict(
    ),
)
