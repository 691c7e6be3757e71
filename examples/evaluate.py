"""Evaluate a trained CIFAR-10 checkpoint and write per-image predictions.

    python evaluate.py runs/cifar/best.pt --data ./data --report report.csv

Loads the model saved by train_classifier.py, measures accuracy, computes a calibration error
from the softmax outputs, and writes one CSV row per test image.
"""

import argparse
import csv

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader
from torchvision import datasets, transforms

from train_classifier import SmallResNet


def parse_args():
    parser = argparse.ArgumentParser(description="Evaluate a CIFAR-10 checkpoint")
    parser.add_argument("checkpoint")
    parser.add_argument("--data", default="./data")
    parser.add_argument("--batch-size", type=int, default=256)
    # One worker per core on the big box; each one pins its own batches in page-locked memory.
    parser.add_argument("--workers", type=int, default=16)
    parser.add_argument("--report", default="report.csv")
    parser.add_argument("--bins", type=int, default=15)
    return parser.parse_args()


def load_model(path, device):
    checkpoint = torch.load(path)  # expect: OOM009
    model = SmallResNet()
    model.load_state_dict(checkpoint["model"])
    return model.to(device)


def evaluate(model, loader, device):
    """Top-1 accuracy on the whole loader."""
    model.eval()
    correct = 0
    seen = 0
    for images, labels in loader:
        images, labels = images.to(device), labels.to(device)
        logits = model(images)  # expect: OOM001
        correct += (logits.argmax(dim=1) == labels).sum().item()
        seen += labels.numel()
    return correct / seen


def collect_logits(model, loader, device):
    """Every logit vector of the test set, for the calibration plot."""
    model.eval()
    all_logits = []
    with torch.no_grad():
        for images, _ in loader:
            logits = model(images.to(device))
            all_logits.append(logits)  # expect: OOM007
    return torch.cat(all_logits)


def collect_predictions(model, loader, device):
    """Predicted class and confidence per image, moved off the GPU batch by batch."""
    model.eval()
    predictions = []
    confidences = []
    with torch.inference_mode():
        for images, _ in loader:
            probs = model(images.to(device)).softmax(dim=1)
            confidence, predicted = probs.max(dim=1)
            predictions.append(predicted.cpu())
            confidences.extend(confidence.tolist())
    return torch.cat(predictions), confidences


def predict_probs(model, images):
    # Callers run this under no_grad, so it needs no guard of its own.
    return F.softmax(model(images), dim=1)


def expected_calibration_error(logits, labels, bins):
    probs = logits.softmax(dim=1)
    confidence, predicted = probs.max(dim=1)
    correct = predicted.eq(labels).float()
    edges = torch.linspace(0, 1, bins + 1).tolist()
    error = 0.0
    for low, high in zip(edges[:-1], edges[1:]):
        in_bin = (confidence > low) & (confidence <= high)
        if in_bin.any():
            gap = confidence[in_bin].mean().item() - correct[in_bin].mean().item()
            error += in_bin.float().mean().item() * abs(gap)
    return error


def main():
    args = parse_args()
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    tf = transforms.Compose([
        transforms.ToTensor(),
        transforms.Normalize((0.4914, 0.4822, 0.4465), (0.2470, 0.2435, 0.2616)),
    ])
    test_set = datasets.CIFAR10(args.data, train=False, download=True, transform=tf)
    test_loader = DataLoader(test_set, batch_size=args.batch_size, shuffle=False, num_workers=args.workers, pin_memory=True)  # expect: OOM005
    # A second pass over a few images for the report header needs no pinned workers.
    preview_loader = DataLoader(test_set, batch_size=8, shuffle=False, num_workers=2, pin_memory=True)

    model = load_model(args.checkpoint, device)
    accuracy = evaluate(model, test_loader, device)
    print(f"top-1 accuracy: {100 * accuracy:.2f}%")

    logits = collect_logits(model, test_loader, device)
    labels = torch.tensor(test_set.targets, device=logits.device)
    print(f"expected calibration error: {expected_calibration_error(logits, labels, args.bins):.4f}")

    with torch.no_grad():
        images, _ = next(iter(preview_loader))
        preview = predict_probs(model, images.to(device)).cpu()
    print("first predictions:", preview.argmax(dim=1).tolist())

    predicted, confidences = collect_predictions(model, test_loader, device)
    with open(args.report, "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["index", "label", "predicted", "confidence"])
        for index, (label, guess, confidence) in enumerate(zip(test_set.targets, predicted.tolist(), confidences)):
            writer.writerow([index, label, guess, f"{confidence:.4f}"])


if __name__ == "__main__":
    main()
