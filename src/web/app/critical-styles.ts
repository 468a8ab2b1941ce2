// Only the Mantine styles the login and the worklist draw with (issue 17: every kilobyte
// counts on a slow line; the whole sheet is 30 KB compressed). The full sheet follows from
// the overlays chunk (app/overlays.tsx) a moment after the first screen. All in Mantine's
// cascade layer, so our own rules (touch.css, layout.css) win whichever loads last.
// Order as Mantine asks: the base sheets first, then components.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/AppShell.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
