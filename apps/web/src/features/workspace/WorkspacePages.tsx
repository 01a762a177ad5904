import { WorkspaceIcon } from '../../components/icons';
import { EmptyPanel, PageHeader } from '../../components/Page';

/** /my-workspace: the drawers and binders the user organises. */
export function MyWorkspacePage() {
  return (
    <>
      <PageHeader title="My Workspace" description="Your drawers and binders, and the items filed in them." />
      <EmptyPanel
        icon={<WorkspaceIcon size={28} />}
        description="Drawers and binders appear here once items are filed on your desk."
      />
    </>
  );
}

/** Team and shared features (spec section 1): shown, but not offered yet. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyPanel
        title="Coming soon"
        description="Team and shared features are on their way. Nothing to set up yet."
      />
    </>
  );
}
