"""A perceptual (style) loss whose features are captured by forward hooks into a list.

The hooks append each chosen layer's output; the loss compares Gram matrices of those features,
and backpropagates into the image being optimized, so the stored features must keep their graphs.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def gram(features):
    b, c, h, w = features.shape
    flat = features.view(b, c, h * w)
    return flat @ flat.transpose(1, 2) / (c * h * w)


class FeatureExtractor:
    def __init__(self, network, layers):
        self.network = network
        self.features = []
        for index in layers:
            network[index].register_forward_hook(self.keep)

    def keep(self, module, inputs, output):
        self.features.append(output)

    def __call__(self, image):
        self.features = []
        self.network(image)
        return self.features


def main():
    torch.manual_seed(0)
    network = nn.Sequential(nn.Conv2d(3, 4, 3, padding=1), nn.ReLU(), nn.Conv2d(4, 6, 3, padding=1), nn.ReLU()).to(DEVICE)
    for parameter in network.parameters():
        parameter.requires_grad_(False)
    extract = FeatureExtractor(network, layers=[1, 3])
    style_image = torch.rand(1, 3, 8, 8).to(DEVICE)
    with torch.no_grad():
        style_grams = [gram(f) for f in extract(style_image)]
    image = torch.rand(1, 3, 8, 8).to(DEVICE).requires_grad_(True)
    optimizer = torch.optim.Adam([image], lr=0.05)
    curve = []
    for _ in range(8):
        features = extract(image)
        loss = sum(((gram(f) - g) ** 2).sum() for f, g in zip(features, style_grams))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        curve.append(loss.item())
        probe.measure()
    probe.record("loss_curve", curve)
    probe.record("image", image)


if __name__ == "__main__":
    main()
